package mechsym.lab.experiments.packetanalyser;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.RealTimeRun;
import mechsym.tools.analyser.Strategy;

/**
 * The packet-analyser experiment's tables and charts, built from its measured figures: batch ns/packet
 * (each run, and the post's summary layout), GC statistics, real-time trials, and the charts over them.
 */
final class PacketAnalyserReport {
    private PacketAnalyserReport() {}

    static String postStrategy(Strategy strategy) {
        return switch (strategy) {
            case DUMMY -> "Dummy";
            case ALLOC -> "Allocation";
            case MIX -> "Mix";
            case POOL -> "Pooling";
        };
    }

    static Table batchTable(List<BatchFigure> batch, Plan plan) {
        Table.Builder t = Table.measured("batch", "Batch ns/packet by configuration, strategy and case")
                .column("configuration")
                .column("solution")
                .column("strategy")
                .column("case")
                .summaryColumns("ns/packet");
        for (BatchFigure f : batch) {
            if (f.hasFigures()) {
                t.row(f.configuration(), f.solution().name(), f.strategy().label(), f.caseLabel(), f.summary());
            }
        }
        return t.note(String.format(
                        Locale.ROOT,
                        "The process's CPU time per packet (every thread of it: the collector's work counts, other"
                                + " processes' time on a shared machine does not), Java and C++ read alike"
                                + " (clock_gettime CLOCK_PROCESS_CPUTIME_ID). Closed loop, one process per row and"
                                + " round; %d rounds, the rows in turn (reversed every other round), n = rounds. Each"
                                + " process: %,d packets of warm-up (JFR already recording), then %d reports of %,d"
                                + " packets, its figure their median. Java: -Xms/-Xmx %s (native buffers: %s plus the"
                                + " off-heap slab), pools of %,d and %,d packets. Guard: the processor's checksum of"
                                + " the parsed headers equals the source's, and every packet went back (leak check).",
                        plan.rounds(),
                        plan.warmup(),
                        plan.reports(),
                        plan.report(),
                        plan.heap(),
                        plan.nativeHeap(),
                        plan.sizes().pool(),
                        plan.sizes().mix()))
                .build();
    }

    /** The post's summary layout: one row per solution and strategy, a column per case, the best marked. */
    static Table batchSummary(List<BatchFigure> batch, Plan plan) {
        List<String> cases = plan.cases().stream().map(AnalyserCase::label).toList();
        List<BatchFigure> measured = batch.stream()
                .filter(f -> f.strategy() != Strategy.DUMMY && f.hasFigures())
                .toList();
        Map<String, Map<String, BatchFigure>> rows = new LinkedHashMap<>();
        for (BatchFigure f : measured) {
            rows.computeIfAbsent(f.configuration(), k -> new LinkedHashMap<>()).put(f.caseLabel(), f);
        }
        Map<String, List<String>> marks = new LinkedHashMap<>();
        for (String c : cases) {
            List<BatchFigure> inCase = measured.stream()
                    .filter(f -> f.caseLabel().equals(c))
                    .sorted(Comparator.comparingDouble(BatchFigure::median))
                    .toList();
            if (!inCase.isEmpty()) {
                mark(marks, inCase.getFirst(), "best in " + c);
            }
            List<BatchFigure> java =
                    inCase.stream().filter(f -> f.solution().java()).toList();
            if (!java.isEmpty()) {
                mark(marks, java.getFirst(), "best Java in " + c);
            }
            if (java.size() > 1) {
                mark(marks, java.get(1), "second-best Java in " + c);
            }
        }
        Table.Builder t = Table.measured("batch-summary", "Summary: batch ns/packet (median), the post's layout")
                .column("solution")
                .column("strategy");
        for (String c : cases) {
            t.column("Case " + c, "ns/packet");
        }
        t.column("marks");
        rows.forEach((key, byCase) -> {
            BatchFigure any = byCase.values().iterator().next();
            List<Object> row = new ArrayList<>(List.of(any.solution().name(), postStrategy(any.strategy())));
            for (String c : cases) {
                BatchFigure f = byCase.get(c);
                row.add(f == null ? null : f.median());
            }
            row.add(String.join("; ", marks.getOrDefault(key, List.of())));
            t.row(row.toArray());
        });
        return t.note("Dummy rows left out, as in the post's summary. 'marks' names the best of each column and the"
                        + " best and second-best Java (the post's green, yellow and red).")
                .build();
    }

    private static void mark(Map<String, List<String>> marks, BatchFigure f, String mark) {
        marks.computeIfAbsent(f.configuration(), k -> new ArrayList<>()).add(mark);
    }

    /** One row per Java configuration, strategy and case: the collections of all its rounds' timed reports. */
    static Table gcTable(Map<BatchJob.Java, List<AnalyserRun.Batch>> runs) {
        Table.Builder t = Table.measured("gc", "GC statistics over the timed batch reports (JFR jdk.GarbageCollection)")
                .column("solution")
                .column("case")
                .column("strategy")
                .column("collections", "#")
                .column("max GC pause", "ms")
                .column("avg GC pause", "ms")
                .column("GC count / sec", "1/s")
                .column("GC fraction", "%")
                .column("object count", "millions")
                .column("GC time / object", "ns")
                .note("Pauses are stop-the-world time as JFR reports it (sumOfPauses, longestPause per collection);"
                        + " concurrent collectors (ZGC, Shenandoah) do most work beside the program, which the"
                        + " fraction does not count. Object count: live objects by JFR's heap inspection"
                        + " (jdk.ObjectCount, classes above its 0.5%-of-heap cutoff) with the FIFO and store full,"
                        + " where the profile counts them; GC time / object = average pause / object count, as the"
                        + " post computed it. Each row adds up the timed reports of every round.");
        runs.forEach((job, rounds) -> {
            if (rounds.isEmpty()) {
                return;
            }
            long count = rounds.stream().mapToLong(AnalyserRun.Batch::gcCount).sum();
            double pauses =
                    rounds.stream().mapToDouble(AnalyserRun.Batch::gcPauseSumMs).sum();
            double max = rounds.stream()
                    .mapToDouble(AnalyserRun.Batch::gcMaxPauseMs)
                    .max()
                    .orElse(0);
            double seconds =
                    rounds.stream().mapToDouble(AnalyserRun.Batch::seconds).sum();
            long live = rounds.getFirst().liveObjects();
            double avg = count == 0 ? 0 : pauses / count;
            Double objects = live < 0 ? null : live / 1e6;
            Double perObject = objects == null || objects == 0 ? null : avg * 1e6 / live;
            t.row(
                    job.solution().name(),
                    job.analyserCase().label(),
                    job.strategy().label(),
                    count,
                    max,
                    avg,
                    count / seconds,
                    100 * pauses / 1e3 / seconds,
                    objects,
                    perObject);
        });
        return t.build();
    }

    /** The real-time table: Java trials and searches, then the C++ versions'. */
    static Table.Builder realtimeTable() {
        return Table.measured(
                        "realtime",
                        "Real time: loss after start-up per trial, and the smallest no-loss interval where searched")
                .column("solution")
                .column("strategy")
                .column("case")
                .column("interval", "ns")
                .column("lost after start-up", "packets")
                .column("seen after start-up", "packets")
                .column("lost", "%")
                .column("result (the post's cell)");
    }

    /** The real-time table's note: how a trial runs, with the plan's start-up and windows. */
    static String realtimeNote(Plan plan) {
        String reference = plan.referenceTrials().isEmpty()
                ? ""
                : String.format(
                        Locale.ROOT,
                        " Without searches the sub-claims' cells are trials at the post's 1,000 ns with %d ms"
                                + " windows, long enough to hold a young collection of the 2 GB heap at that rate:"
                                + " \"no loss at 1000 ns\" or the share lost there, the distinction the post's"
                                + " tables draw between a number and \"lost\".",
                        plan.referenceWindowMs());
        return String.format(
                        Locale.ROOT,
                        "Fixed rate: native/clock_source writes a sequence number every interval into a memory-mapped"
                                + " queue holding 100 ms of packets and keeps going while the JVM pauses; gaps in the"
                                + " numbers are lost packets. A trial is %d ms of start-up (loss shown, forgiven) then"
                                + " %d ms that must lose nothing; a search row shows its last trial and the post's cell"
                                + " (the smallest clean interval, or the loss at 1000 ns). The clock source busy-spins"
                                + " a core of its own: on a 2-vCPU machine with other load it is descheduled too, and"
                                + " its catch-up bursts count against the analyser.",
                        plan.startupMs(),
                        plan.windowMs())
                + reference;
    }

    /** The post's cell for one trial at a fixed interval: no loss, or the share lost. */
    static String trialCell(boolean clean, double lostPercent, long intervalNs) {
        return clean
                ? "no loss at " + intervalNs + " ns"
                : String.format(Locale.ROOT, "lost: %.3g%% at %d ns", lostPercent, intervalNs);
    }

    static void charts(ExperimentResult.Builder result) {
        result.chart(Chart.bar(
                        "batch-measured",
                        "Batch ns/packet by configuration (this machine)",
                        List.of("batch"),
                        "configuration",
                        "median",
                        "case",
                        "ns per packet (median)")
                .withLogY());
        result.chart(Chart.bar(
                        "batch-seed",
                        "Batch ns/packet by configuration (the post's summary)",
                        List.of("seed-batch-by-configuration"),
                        "configuration",
                        "ns/packet",
                        "case",
                        "ns per packet")
                .withLogY());
    }

    /** A Java real-time row: a trial at one interval, or a search's last trial with the post's cell. */
    static void javaTrialRow(Table.Builder t, Solution solution, AnalyserRun.Trial r) {
        double lostPercent = r.lostPercentAfterStartup();
        String cell = r.search()
                ? (r.minIntervalNs() != null
                        ? Long.toString(r.minIntervalNs())
                        : String.format(Locale.ROOT, "lost: %.3g%%", r.lostPercentAtReference()))
                : trialCell(r.lostAfterStartup() == 0, lostPercent, r.intervalNs());
        t.row(
                solution.name(),
                r.strategy(),
                r.caseLabel(),
                r.intervalNs(),
                r.lostAfterStartup(),
                r.seenAfterStartup(),
                lostPercent,
                cell);
    }

    /** A C++ real-time row: its trial (a search's last) with the post's cell. */
    static void cppTrialRow(
            Table.Builder t,
            Solution solution,
            Strategy strategy,
            String caseLabel,
            RealTimeRun.Result r,
            String cell) {
        t.row(
                solution.name(),
                strategy.label(),
                caseLabel,
                r.intervalNs(),
                r.lostAfterStartup(),
                r.seenAfterStartup(),
                r.lostPercentAfterStartup(),
                cell);
    }
}
