package mechsym.lab.experiments.cas;

import java.util.List;
import mechsym.lab.Table;

/**
 * The post's two {@code perf stat ./atomic_inc 1 2} blocks (LOCK XADD, one thread), every counter
 * with perf's own comment. Reference data, the seed's, copied from its text.
 */
final class SeedPerfStat {
    /** counter, unit, Nehalem, Sandy Bridge, perf's comment on Nehalem, on Sandy Bridge. */
    private static final Object[][] COUNTERS = {
        {"task-clock", "ms", 3085.466216, 3390.404400, "0.997 CPUs utilized", "0.998 CPUs utilized"},
        {"context-switches", "count", 331, 357, "0.107 K/sec", "0.105 K/sec"},
        {"CPU-migrations", "count", 4, 1, "0.001 K/sec", "0.000 K/sec"},
        {"page-faults", "count", 360, 358, "0.117 K/sec", "0.106 K/sec"},
        {"cycles", "count", 10_527_264_923L, 11_522_932_068L, "3.412 GHz", "3.399 GHz"},
        {
            "stalled-cycles-frontend",
            "count",
            9_394_575_677L,
            9_542_667_311L,
            "89.24% frontend cycles idle",
            "82.81% frontend cycles idle"
        },
        {
            "stalled-cycles-backend",
            "count",
            7_423_070_202L,
            6_721_330_874L,
            "70.51% backend cycles idle",
            "58.33% backend cycles idle"
        },
        {
            "instructions",
            "count",
            2_517_668_293L,
            2_518_638_461L,
            "0.24 insns per cycle, 3.73 stalled cycles per insn",
            "0.22 insns per cycle, 3.79 stalled cycles per insn"
        },
        {"branches", "count", 503_526_119L, 502_490_710L, "163.193 M/sec", "148.210 M/sec"},
        {"branch-misses", "count", 110_695, 36_955, "0.02% of all branches", "0.01% of all branches"},
        {"seconds time elapsed", "s", 3.093402966, 3.398206155, "", ""}
    };

    private SeedPerfStat() {}

    /** One table per machine, in the order of {@code machines} (Nehalem, then Sandy Bridge). */
    static List<Table> tables(List<String> machines) {
        return List.of(table("seed-perf-stat-1", machines.get(0), 0), table("seed-perf-stat-2", machines.get(1), 1));
    }

    private static Table table(String id, String machine, int column) {
        Table.Builder t = Table.seed(id, "the post's perf stat ./atomic_inc 1 2: every counter", machine)
                .column("counter")
                .column("value")
                .column("unit")
                .column("perf's comment")
                .note("perf stat's default counters for the whole program (500,000,000 LOCK XADD increments on one"
                        + " thread), as the post printed them.");
        for (Object[] c : COUNTERS) {
            t.row(c[0], c[2 + column], c[1], c[4 + column]);
        }
        return t.build();
    }
}
