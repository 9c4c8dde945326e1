package mechsym.lab.experiments.memoryaccess;

import java.util.List;
import mechsym.lab.Table;

/**
 * The hardware counters the post published for its walks on the Sandy Bridge (perf stat and
 * likwid-perfctr, one JVM running all five runs of a walk), with those of its 06-Aug-2012 update
 * for the LARGE_PRIME_INC walk. Reference data, the seed's, copied from its text.
 */
final class SeedCounters {
    static final String MACHINE = "Intel i7-2760QM @ 2.4GHz (Sandy Bridge), Linux 3.4.6, Java 1.7.0_05, core 2";

    private static final String[] WALKS = {
        "LINEAR_WALK", "RANDOM_PAGE_WALK", "RANDOM_HEAP_WALK", "RANDOM_HEAP_WALK_LARGE_PRIME"
    };

    /** perf stat: L1-dcache-loads, -misses, the post's "% of all hits"; dTLB-loads, -misses, %. */
    private static final double[][] PERF = {
        {1_496_626_053L, 274_255_164L, 18.32, 1_496_128_634L, 310_901L, 0.02},
        {1_537_057_965L, 1_570_105_933L, 102.15, 1_551_585_263L, 340_230L, 0.02},
        {4_321_888_497L, 1_780_223_433L, 41.19, 4_031_344_537L, 1_345_807_418L, 33.38},
        {9_390_675_639L, 1_471_647_016L, 15.67, 9_444_928_682L, 4_371_982_327L, 46.29}
    };

    private static final String[] LIKWID_COLUMNS = {
        "INSTR_RETIRED_ANY",
        "CPU_CLK_UNHALTED_CORE",
        "L2_TRANS_ALL_REQUESTS",
        "L2_RQSTS_MISS",
        "Runtime [s]",
        "CPI",
        "L2 request rate",
        "L2 miss rate",
        "L2 miss ratio",
        "L3_LAT_CACHE_REFERENCE",
        "L3_LAT_CACHE_MISS",
        "LOAD_HIT_PRE_HW_PF"
    };

    private static final String[] LIKWID_UNITS = {
        "events",
        "cycles",
        "events",
        "events",
        "s",
        "cycles/instr",
        "ratio",
        "ratio",
        "ratio",
        "events",
        "events",
        "events"
    };

    /** likwid-perfctr -g L2CACHE (with the L3 latency events) and LOAD_HIT_PRE_HW_PF:PMC0. */
    private static final double[][] LIKWID = {
        {
            5.94918e9, 5.15969e9, 1.07252e9, 3.25413e8, 2.15481, 0.867293, 0.18028, 0.0546988, 0.303409, 1.26545e8,
            2.59059e7, 1.31613e9
        },
        {
            1.48772e10,
            1.64712e10,
            3.41061e9,
            1.5547e9,
            6.87876,
            1.10714,
            0.22925,
            0.104502,
            0.455843,
            1.52088e9,
            1.72918e8,
            368_930
        },
        {
            6.49533e9,
            4.18416e10,
            4.67488e9,
            1.43442e9,
            17.474,
            6.4418,
            0.71973,
            0.220838,
            0.306835,
            1.40079e9,
            1.34832e9,
            324_373
        },
        {
            7.71171e9,
            1.31717e11,
            8.4912e9,
            2.79635e9,
            55.0094,
            17.0801,
            1.10108,
            0.362611,
            0.329324,
            1.30318e9,
            2.62346e7,
            3.59509e6
        }
    };

    private SeedCounters() {}

    static List<Table> tables() {
        Table.Builder perf = Table.seed("seed-perf", "perf stat counters per JVM (five runs of one walk)", MACHINE)
                .column("walk")
                .column("L1-dcache-loads", "events")
                .column("L1-dcache-load-misses", "events")
                .column("L1 misses, % of loads", "%")
                .column("dTLB-loads", "events")
                .column("dTLB-load-misses", "events")
                .column("dTLB misses, % of loads", "%")
                .note("perf stat -e L1-dcache-loads,L1-dcache-load-misses and -e dTLB-loads,dTLB-load-misses, java"
                        + " -Xmx4g TestMemoryAccessPatterns N; the post's output names the misses 'L1-dcache-misses'"
                        + " and 'dTLB-misses' and prints the percentages as '% of all ... hits'. The last row is the"
                        + " 06-Aug-2012 update's.");
        Table.Builder likwid = Table.seed(
                        "seed-likwid", "likwid-perfctr counters per JVM (five runs of one walk)", MACHINE)
                .column("walk");
        for (int i = 0; i < LIKWID_COLUMNS.length; i++) {
            likwid.column(LIKWID_COLUMNS[i], LIKWID_UNITS[i]);
        }
        likwid.note("likwid-perfctr -C 2 -g L2CACHE (events and metrics, with the L3 latency events the post added)"
                + " and -g LOAD_HIT_PRE_HW_PF:PMC0 (loads that hit a hardware pre-fetch), as the post printed them"
                + " (likwid's 6-digit precision). The last row is the 06-Aug-2012 update's.");
        for (int w = 0; w < WALKS.length; w++) {
            perf.row(row(WALKS[w], PERF[w]));
            likwid.row(row(WALKS[w], LIKWID[w]));
        }
        return List.of(perf.build(), likwid.build());
    }

    private static Object[] row(String walk, double[] values) {
        Object[] row = new Object[values.length + 1];
        row[0] = walk;
        for (int i = 0; i < values.length; i++) {
            row[i + 1] = values[i];
        }
        return row;
    }
}
