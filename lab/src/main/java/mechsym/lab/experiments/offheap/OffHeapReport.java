package mechsym.lab.experiments.offheap;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.experiments.offheap.OffHeapExperiment.Figures;

/**
 * The offheap-structures experiment's tables, charts and headlines, built from its measured figures:
 * the forked runs (durations, each run, memory, GC pauses) and the JMH scan against its ceiling.
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
            OffHeapExperiment.Config c = f.config();
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
                                (long) OffHeapExperiment.SEED_RECORDS,
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
                "scanColumnar", "readColumns",
                "scanColumnsByHand", "readColumns");
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
                        + " the memory table), so its GB/s and fraction are of the payload, not of memory traffic."
                        + " scanColumnsByHand: the post's scan written by hand over the three column segments."
                        + " The quick profile runs the four scans the goals compare, without the ceilings.");
        for (String benchmark : List.of(
                "scanObjects",
                "scanUnsafe",
                "scanFlyweight",
                "scanColumnar",
                "scanColumnsByHand",
                "readRecords",
                "readColumns")) {
            Double score = ms.get(benchmark);
            if (score == null) {
                continue;
            }
            boolean columns = benchmark.equals("scanColumnar")
                    || benchmark.equals("scanColumnsByHand")
                    || benchmark.equals("readColumns");
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

    /** One line per off-heap storage against the objects under the same collector (medians of steady runs). */
    static void headlines(ExperimentResult.Builder result, List<Figures> figures) {
        for (Figures f : figures) {
            Figures objects = OffHeapExperiment.find(figures, f.config().collector(), "objects");
            if (objects == null || f == objects || !f.config().systemGc()) {
                continue;
            }
            double speedup = objects.steady().median() / f.steady().median();
            result.headline(String.format(
                    Locale.ROOT,
                    "%-8s %-15s %6.0f ms vs objects %8.0f ms: %s",
                    f.config().collector().name(),
                    f.config().storage(),
                    f.steady().median(),
                    objects.steady().median(),
                    fasterOrSlower(speedup)));
        }
    }

    /** "2.8x faster" for a speed-up of 2.8, "1.5x slower" for 0.67: never "0.7x faster". */
    static String fasterOrSlower(double speedup) {
        return speedup >= 1
                ? String.format(Locale.ROOT, "%.1fx faster", speedup)
                : String.format(Locale.ROOT, "%.1fx slower", 1 / speedup);
    }
}
