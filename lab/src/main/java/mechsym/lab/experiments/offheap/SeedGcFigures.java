package mechsym.lab.experiments.offheap;

import java.util.Arrays;
import java.util.List;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/**
 * What the post published about its object runs' garbage collection: the durations without
 * System.gc() before each run, the two lists of "Total time for which application threads were
 * stopped" (with and without System.gc()), and "a total of 29 GC cycles". Reference data, the
 * seed's, copied from its text; the post does not name the machine of this part.
 */
final class SeedGcFigures {
    static final String MACHINE = "the post's machine for its GC analysis (not named), java -server -Xms4g -Xmx4g,"
            + " Java 7 default collector";

    /** Durations in ms of runs 0..4 of the objects without System.gc() before each run. */
    static final double[] NO_SYSTEM_GC_MS = {12120, 9439, 9844, 20933, 23041};

    /** Seconds the application threads were stopped, in the post's order, with System.gc() before each run. */
    static final double[] STOPPED_WITH_SYSTEM_GC_S = {
        0.0085280,
        0.7280530,
        8.1703460,
        5.6112210,
        1.2531370,
        7.6392250,
        5.7847050,
        1.3070470,
        8.2520880,
        6.0949910,
        1.3988480,
        8.1793240,
        6.4138720,
        4.4991670,
        4.5612290,
        0.3598490,
        0.7111000,
        1.4426750,
        1.5931500,
        10.9484920,
        7.0707230
    };

    /** The same without System.gc(). */
    static final double[] STOPPED_WITHOUT_SYSTEM_GC_S = {
        0.0170860, 0.7915350, 10.7153320, 5.6234650, 1.2689950, 7.6238170, 6.0114540, 1.2990070, 7.9918480,
        5.9997920, 1.3430040, 8.0759940, 6.3980610, 4.5572100, 4.6193830, 0.3877930, 0.7429270, 1.5248070,
        1.5312130, 10.9120250, 7.3528590
    };

    static final int GC_CYCLES = 29;

    private SeedGcFigures() {}

    static List<Table> tables() {
        Table durations = Table.seed(
                        "seed-durations-no-system-gc",
                        "init + scan of 50M trades as objects, runs 1..4 (run 0 shown apart), without System.gc()",
                        MACHINE)
                .column("storage")
                .summaryColumns("ms")
                .column("run 0", "ms")
                .row(
                        "objects",
                        Summary.of(Arrays.copyOfRange(NO_SYSTEM_GC_MS, 1, NO_SYSTEM_GC_MS.length)),
                        NO_SYSTEM_GC_MS[0])
                .note("The post's 'Without System.gc() before each run' test run times.")
                .build();
        Table.Builder stops = Table.seed(
                        "seed-gc-stops", "application threads stopped, objects, each stop in the post's order", MACHINE)
                .column("stop", "#")
                .column("with System.gc()", "ms")
                .column("without System.gc()", "ms")
                .note("The post's -XX:+PrintGCApplicationStoppedTime lines ('Total time for which application threads"
                        + " were stopped'), in seconds there, ms here. The post: 'the application underwent a total"
                        + " of 29 GC cycles'; it lists 21 stops for each run set.");
        for (int i = 0; i < STOPPED_WITH_SYSTEM_GC_S.length; i++) {
            stops.row(i + 1, STOPPED_WITH_SYSTEM_GC_S[i] * 1000, STOPPED_WITHOUT_SYSTEM_GC_S[i] * 1000);
        }
        Table totals = Table.seed("seed-gc-totals", "GC of the object runs, in total", MACHINE)
                .column("System.gc()")
                .column("GC cycles (the post's count)", "count")
                .column("stops listed", "count")
                .column("total stopped", "ms")
                .column("longest stop", "ms")
                .row(
                        "yes",
                        GC_CYCLES,
                        STOPPED_WITH_SYSTEM_GC_S.length,
                        sumMs(STOPPED_WITH_SYSTEM_GC_S),
                        maxMs(STOPPED_WITH_SYSTEM_GC_S))
                .row(
                        "no",
                        null,
                        STOPPED_WITHOUT_SYSTEM_GC_S.length,
                        sumMs(STOPPED_WITHOUT_SYSTEM_GC_S),
                        maxMs(STOPPED_WITHOUT_SYSTEM_GC_S))
                .note("GC cycles: the post's sentence ('a total of 29 GC cycles'), written just before its list with"
                        + " System.gc(), so shown on that row. stops listed,"
                        + " total and longest are summed and taken from the post's two lists, not printed by it.")
                .build();
        return List.of(durations, stops.build(), totals);
    }

    private static double sumMs(double[] seconds) {
        return Arrays.stream(seconds).sum() * 1000;
    }

    private static double maxMs(double[] seconds) {
        return Arrays.stream(seconds).max().orElseThrow() * 1000;
    }
}
