package mechsym.lab.experiments.offheap;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Table;
import mechsym.lab.experiments.offheap.OffHeapStructuresExperiment.Figures;

/**
 * The offheap-structures experiment's tables and charts, built from its measured figures: the forked
 * runs (durations, each run, memory, GC pauses), the JMH scan against its ceiling, and the speed goals.
 */
final class OffHeapReport {
    private OffHeapReport() {}

    /** The forked runs' tables, one row per fork (memory: the forks with System.gc()), and their charts. */
    static void forkedRuns(
            ExperimentResult.Builder result, List<Figures> figures, int records, int runs, String heapFlags) {
        Table.Builder durations = Table.measured(
                        "durations",
                        "init + scan of " + records + " trades, runs 1.." + (runs - 1) + " (run 0 shown apart)")
                .column("collector")
                .column("storage")
                .column("System.gc()")
                .summaryColumns("ms")
                .column("run 0", "ms")
                .column("configuration")
                .note("Forked JVM per row: " + heapFlags + " and the collector's flag. configuration:"
                        + " the collector, and whether System.gc() ran before each run (the charts' series).");
        Table.Builder perRun = Table.measured("runs", "duration of each run")
                .column("configuration")
                .column("run", "#")
                .column("duration", "ms");
        Table.Builder memory = Table.measured("memory", "bytes per trade record (median over runs, with System.gc())")
                .column("collector")
                .column("storage")
                .column("bytes per record", "bytes")
                .column("heap bytes per record", "bytes")
                .column("off-heap bytes per record", "bytes")
                .column("native bytes per record (NMT)", "bytes")
                .note("bytes per record: the heap's growth across init for objects; for the others the native memory"
                        + " Native Memory Tracking measured where the fork ran with it (the post's Unsafe table and the"
                        + " FFM segment: the growth of NMT's 'Other' malloc from before init to after the scan), else"
                        + " what the table allocated off the heap by its own count. heap bytes per record: the heap's"
                        + " growth across init (Runtime total - free: for an off-heap table whatever init allocated on"
                        + " the heap on the way; a collection inside init makes it smaller)."
                        + " off-heap bytes per record: what the table allocated off the heap.");
        Table.Builder pauses = Table.measured(
                        "gc-pauses", "GC pauses inside the runs, all of them with run 0 (JFR jdk.GarbageCollection)")
                .column("collector")
                .column("storage")
                .column("System.gc()")
                .column("GCs", "count")
                .column("total pause", "ms")
                .column("longest pause", "ms")
                .column("configuration")
                .note("Pauses of collections that started inside a run's init + scan; the collection System.gc()"
                        + " itself triggers before a run is not counted. Each fork's JFR recording (its"
                        + " jdk.GarbageCollection events) is kept as offheap-structures/<configuration>.jfr in"
                        + " the run's folder; JDK Mission Control opens it.");

        for (Figures f : figures) {
            OffHeapStructuresExperiment.Config c = f.config();
            String gcLabel = c.systemGc() ? "yes" : "no";
            durations.row(c.collector().name(), c.storage(), gcLabel, f.steady(), f.firstRunMs(), c.series());
            f.runs().forEach(r -> perRun.row(c.label(), r.run(), r.durationMs()));
            pauses.row(
                    c.collector().name(),
                    c.storage(),
                    gcLabel,
                    f.gcCount(),
                    f.totalPauseMs(),
                    f.longestPauseMs(),
                    c.series());
            if (c.systemGc()) {
                memory.row(
                        c.collector().name(),
                        c.storage(),
                        f.bytesPerRecord(),
                        f.heapBytesPerRecord(),
                        f.offHeapBytesPerRecord(),
                        Double.isNaN(f.nativeBytesPerRecord()) ? null : f.nativeBytesPerRecord());
            }
        }
        result.table(durations.build());
        result.table(memory.build());
        result.table(pauses.build());
        result.table(perRun.build());

        result.chart(Chart.bar(
                        "durations",
                        String.format(
                                Locale.ROOT,
                                "init + scan, median ms: the post's machines (%,d trades) and this one (%,d trades)",
                                (long) OffHeapStructuresExperiment.SEED_RECORDS,
                                records),
                        List.of("seed-durations-1", "seed-durations-2", "durations"),
                        "storage",
                        "median",
                        "configuration",
                        "ms (median, log scale)")
                .withLogY());
        result.chart(
                Chart.line("runs", "duration of each run", List.of("runs"), "run", "duration", "configuration", "ms"));
        result.chart(Chart.bar(
                "memory",
                "bytes per trade record",
                List.of("seed-memory", "memory"),
                "storage",
                "bytes per record",
                "collector",
                "bytes"));
        result.chart(Chart.bar(
                "gc-pauses",
                "longest GC pause inside a run (no bar: no pause, or not run under that configuration)",
                List.of("gc-pauses"),
                "storage",
                "longest pause",
                "configuration",
                "ms"));
    }

    /** The scan alone per benchmark (JMH ms per scan) against a plain read of the same bytes, and its chart. */
    static void scanTable(
            ExperimentResult.Builder result, int records, Map<String, Double> ms, Map<String, Double> error) {
        Map<String, String> ceilingOf = Map.of(
                "scanObjects", "readRecords",
                "scanUnsafe", "readRecords",
                "scanFlyweight", "readRecords",
                "scanColumnar", "readColumns");
        Table.Builder t = Table.measured("scan-jmh", "the scan alone, " + records + " trades (JMH, ms per scan)")
                .column("benchmark")
                .column("score", "ms")
                .column("error", "ms")
                .column("bytes read", "bytes")
                .column("GB/s", "GB/s")
                .column("fraction of ceiling", "ratio")
                .note("Ceiling: a plain sequential read (sum of longs) of the same bytes - all 42 bytes of each record"
                        + " for array of structures, the side, price and quantity columns (18 bytes) for columnar."
                        + " Unsafe runs over the same huge-page memory as the core stores. bytes read: the 42-byte"
                        + " payload of each record; scanObjects reads more than that (headers and references: see"
                        + " the memory table), so its GB/s and fraction are of the payload, not of memory traffic.");
        for (String benchmark :
                List.of("scanObjects", "scanUnsafe", "scanFlyweight", "scanColumnar", "readRecords", "readColumns")) {
            Double score = ms.get(benchmark);
            if (score == null) {
                continue;
            }
            boolean columns = benchmark.equals("scanColumnar") || benchmark.equals("readColumns");
            long bytes = (long) records * (columns ? 18 : 42);
            String ceiling = ceilingOf.get(benchmark);
            Double fraction = ceiling != null && ms.containsKey(ceiling) ? ms.get(ceiling) / score : null;
            t.row(benchmark, score, error.get(benchmark), bytes, bytes / score / 1e6, fraction);
        }
        result.table(t.build());
        result.chart(Chart.bar(
                "scan-jmh",
                "the scan alone vs a sequential read of the same bytes",
                List.of("scan-jmh"),
                "benchmark",
                "score",
                null,
                "ms per scan"));
    }

    /**
     * A speed goal on the ratio of two figures: forked-run medians (keys "G1 core-aos") or JMH scores
     * (benchmark names), at least or at most the target.
     */
    private record RatioGoal(
            String goal, boolean jmh, String numerator, String denominator, double target, boolean atLeast) {}

    private static final List<RatioGoal> RATIO_GOALS = List.of(
            new RatioGoal(
                    "core flyweight / Unsafe, malloc-like 4 KiB pages", false, "G1 core-aos", "G1 unsafe", 1.05, false),
            new RatioGoal(
                    "core flyweight / Unsafe, same huge pages",
                    false,
                    "G1 core-aos-huge",
                    "G1 unsafe-huge",
                    1.05,
                    false),
            new RatioGoal(
                    "G1 objects / core flyweight + huge pages", false, "G1 objects", "G1 core-aos-huge", 2.0, true),
            new RatioGoal(
                    "G1 objects / core flyweight, reused memory", false, "G1 objects", "G1 core-aos-reused", 2.0, true),
            new RatioGoal(
                    "core flyweight scan / Unsafe scan, same memory (JMH)",
                    true,
                    "scanFlyweight",
                    "scanUnsafe",
                    1.05,
                    false),
            new RatioGoal(
                    "columnar scan as a fraction of reading its bytes (JMH)",
                    true,
                    "readColumns",
                    "scanColumnar",
                    0.70,
                    true));

    /** mechsym's speed goals, each with this run's figure and whether it was met: a table, and the run's goals. */
    static void goals(
            ExperimentResult.Builder result,
            Map<String, Double> medianMs,
            Map<String, Double> longestPause,
            Map<String, Double> jmh) {
        Table.Builder t = Table.measured("goals", "speed goals, this run")
                .column("goal")
                .column("measured", "ratio")
                .column("target", "ratio")
                .column("met")
                .note("Forked runs: medians of steady runs under G1 with System.gc(); the pause goal: the longest"
                        + " pause of every forked off-heap run, any collector, with System.gc() or not. JMH: scores of"
                        + " the scan alone."
                        + " On a shared machine, read them with the environment's warnings.");
        for (RatioGoal g : RATIO_GOALS) {
            goal(
                    result,
                    t,
                    g.goal(),
                    ratio(g.jmh() ? jmh : medianMs, g.numerator(), g.denominator()),
                    g.target(),
                    g.atLeast());
        }
        double offHeapPauses = longestPause.entrySet().stream()
                .filter(e -> !e.getKey().endsWith("objects"))
                .mapToDouble(Map.Entry::getValue)
                .max()
                .orElse(0);
        goal(result, t, "longest GC pause in an off-heap run, ms", offHeapPauses, 0.0, false);
        goal(
                result,
                t,
                "packed trade record, bytes",
                (double) mechsym.tools.trades.Trade.LAYOUT.recordSize(),
                42.0,
                false);
        result.table(t.build());
    }

    private static void goal(
            ExperimentResult.Builder result,
            Table.Builder table,
            String goal,
            Double measured,
            double target,
            boolean atLeast) {
        String bar = goal + (atLeast ? " >= " : " <= ") + fmt(target);
        if (measured == null) {
            table.row(goal, null, target, "not measured");
            result.goal(Goal.notMeasurable(bar, "a figure it needs was not measured in this run"));
            return;
        }
        boolean met = atLeast ? measured >= target : measured <= target;
        table.row(goal, measured, target, met ? "yes" : "no");
        result.goal(Goal.judge(bar, met, "measured " + fmt(measured)));
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static Double ratio(Map<String, Double> figures, String numerator, String denominator) {
        Double n = figures.get(numerator);
        Double d = figures.get(denominator);
        return n == null || d == null ? null : n / d;
    }
}
