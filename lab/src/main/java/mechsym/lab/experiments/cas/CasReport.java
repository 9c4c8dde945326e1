package mechsym.lab.experiments.cas;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.cas.CasExperiment.Cell;
import mechsym.lab.experiments.cas.CasExperiment.Figures;

/** The cas row's tables, chart and headlines: it lays the figures out, it judges nothing. */
final class CasReport {
    /** The run-length buckets shown, as powers of two: 1, 2-3, 4-7, 8-15, 16-63, 64 and more. */
    private static final int[][] BUCKETS = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 6}, {6, 64}};

    private static final String[] BUCKET_NAMES = {"1", "2-3", "4-7", "8-15", "16-63", "64+"};

    private CasReport() {}

    static void tables(ExperimentResult.Builder result, Figures f, int seedTables) {
        Table.Builder table = Table.measured(
                        "measured", "ns per increment by case and threads, " + f.count() + " increments a run")
                .column("case")
                .column("the post's loop")
                .column("language, threads")
                .column("threads", "#")
                .summaryColumns("ns/op")
                .column("throughput (median)", "ops/s")
                .column("vs 1 thread", "x")
                .note(f.rounds() + " rounds; each runs every C++ case once (native/atomic_inc) and one forked JVM"
                        + " with every Java case twice, the first as warm-up. Guard: the counter ends at the"
                        + " increments asked for (+ at most one overshoot per thread, as the post's loops allow). The"
                        + " post's CMPXCHG VAL loop, kept as written, exits only on a failed CAS that sees its own"
                        + " increment: two lock cmpxchg per increment even uncontended.");
        f.nsPerOp().forEach((cell, samples) -> {
            Summary s = Summary.of(samples);
            List<Double> single = f.ns(cell.label(), 1);
            table.row(
                    cell.label(),
                    CasExperiment.postLoop(cell.label()),
                    (cell.cpp() ? "C++, " : "Java, ") + cell.threads() + (cell.threads() == 1 ? " thread" : " threads"),
                    cell.threads(),
                    s,
                    1e9 / s.median(),
                    single.isEmpty() ? null : s.median() / Summary.of(single).median());
        });
        result.table(table.build());
        List<String> chartTables = new ArrayList<>();
        for (int i = 1; i <= seedTables; i++) {
            chartTables.add("seed-" + i);
        }
        chartTables.add("measured");
        result.chart(Chart.bar(
                "ns-per-increment",
                "ns per increment by case and threads: the post's machines (1 thread, LOCK XADD) and this one",
                chartTables,
                "case",
                "median",
                "threads",
                "ns per increment (median)"));
        fairness(result, f.fairness());
        runLengths(result, f);
    }

    /** Each thread's share of the increments, C++ and Java cases at 2 or more threads. */
    private static void fairness(ExperimentResult.Builder result, Map<Cell, List<Fairness>> fairness) {
        if (fairness.isEmpty()) {
            return;
        }
        Table.Builder table = Table.measured(
                        "fairness", "each thread's share of the increments under contention (C++ and Java)")
                .column("case")
                .column("threads", "#")
                .column("fair share", "%")
                .column("smallest share (median)", "%")
                .column("largest share (median)", "%")
                .column("slowest / fastest thread (median)")
                .summaryColumns("Jain index")
                .note("Per run, every thread's own successful increments. Jain's index is 1 when the threads did"
                        + " equal work and 1/threads when one did it all. A thread taken off its core for a time"
                        + " slice leaves the counter to the others, so on a small shared machine the shares say as"
                        + " much about the scheduler as about the cores; the run lengths below do not.");
        fairness.forEach((cell, runs) -> table.row(
                cell.label(),
                cell.threads(),
                100.0 / cell.threads(),
                100 * median(runs.stream().map(Fairness::minShare).toList()),
                100 * median(runs.stream().map(Fairness::maxShare).toList()),
                median(runs.stream().map(Fairness::slowestOverFastest).toList()),
                Summary.of(runs.stream().map(Fairness::jainIndex).toList())));
        result.table(table.build());
    }

    /** How long a core kept the line: the run lengths of the recording runs, per case, medians over rounds. */
    private static void runLengths(ExperimentResult.Builder result, Figures f) {
        if (f.runLengths().isEmpty()) {
            return;
        }
        Table.Builder table = Table.measured(
                        "run-lengths",
                        "how long a core keeps the line: increments in a row by one core, " + f.recorded()
                                + " increments a run")
                .column("case")
                .column("threads", "#")
                .summaryColumns("median contended run length")
                .column("overlap (median)", "%")
                .column("median run length (median)", "increments")
                .column("p90 (median)", "increments")
                .column("p99 (median)", "increments")
                .column("longest (median)", "increments")
                .column("increments per run (median)", "increments");
        for (String bucket : BUCKET_NAMES) {
            table.column("runs of " + bucket + " (median)", "%");
        }
        table.note("A recording run repeats the loop with each thread storing the counter values it obtained; a run"
                + " is a maximal sequence of consecutive values obtained by one thread, pinned on its own core: the"
                + " increments that core made while it held the line. A run of " + RunLengths.SOLO_RUN + " or more is"
                + " a thread alone while its partner was off its core (a time slice); the others are contended, and"
                + " overlap is the share of increments made in them. The post found runs longer on Nehalem than on"
                + " Sandy Bridge with Intel's counters.");
        f.runLengths().forEach((cell, runs) -> {
            List<Object> row = new ArrayList<>(List.of(
                    cell.label(),
                    cell.threads(),
                    Summary.of(runs.stream().map(r -> (double) r.contendedP50()).toList()),
                    100 * median(runs.stream().map(RunLengths::overlap).toList()),
                    median(runs.stream().map(r -> (double) r.p50()).toList()),
                    median(runs.stream().map(r -> (double) r.p90()).toList()),
                    median(runs.stream().map(r -> (double) r.p99()).toList()),
                    median(runs.stream().map(r -> (double) r.max()).toList()),
                    median(runs.stream().map(RunLengths::mean).toList())));
            for (int[] bucket : BUCKETS) {
                row.add(100
                        * median(runs.stream()
                                .map(r -> r.shareOfRuns(bucket[0], bucket[1]))
                                .toList()));
            }
            table.row(row.toArray());
        });
        result.table(table.build());
    }

    static void headlines(ExperimentResult.Builder result, Figures f) {
        for (String who : List.of("C++ LOCK XADD", CasExperiment.javaLabel(CasRun.Case.ADD_AND_GET))) {
            List<Double> single = f.ns(who, 1);
            List<Double> contended = f.ns(who, f.mostThreads());
            if (single.isEmpty()) {
                continue;
            }
            StringBuilder line =
                    new StringBuilder(String.format(Locale.ROOT, "%s: 1 thread %.1f ns/op", who, median(single)));
            if (f.mostThreads() > 1 && !contended.isEmpty()) {
                line.append(String.format(
                        Locale.ROOT,
                        ", %d threads %.1f ns/op (%.1fx)",
                        f.mostThreads(),
                        median(contended),
                        median(contended) / median(single)));
            }
            List<Double> runs = f.medianRunLengths(who);
            if (!runs.isEmpty()) {
                line.append(String.format(
                        Locale.ROOT,
                        "; a core keeps the line for %.0f increments (median contended run)",
                        median(runs)));
            }
            result.headline(line.toString());
        }
    }

    private static double median(List<Double> values) {
        return Summary.of(values).median();
    }
}
