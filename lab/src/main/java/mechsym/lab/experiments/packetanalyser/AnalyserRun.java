package mechsym.lab.experiments.packetanalyser;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mechsym.lab.ForkedJvm;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.AnalyserSetup;
import mechsym.tools.analyser.BatchRun;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.MinIntervalSearch;
import mechsym.tools.analyser.PacketStrategy;
import mechsym.tools.analyser.RealTimeRun;
import mechsym.tools.analyser.Strategy;

/**
 * One configuration of the packet analyser in its own JVM (the experiment forks one per collector,
 * buffers, case and strategy, with the post's heap, in each round): a batch run timed in the process's
 * CPU time per report with the GC's pauses read from JFR over the timed reports, or real-time trials or
 * a min-interval search against the clock source.
 *
 * <pre>
 *   batch    CASE STRATEGY BUFFERS POOL MIX PARSE JFR WARMUP REPORT REPORTS COUNT_OBJECTS
 *   realtime CASE STRATEGY BUFFERS POOL MIX PARSE CLOCK STARTUP_MS WINDOW_MS INTERVALS...  (a trial each)
 *   search   CASE STRATEGY BUFFERS POOL MIX PARSE CLOCK STARTUP_MS WINDOW_MS FLOOR CEILING (min-interval)
 * </pre>
 */
public final class AnalyserRun {
    private AnalyserRun() {}

    /**
     * A batch run's figures.
     *
     * @param cpuNsPerPacket the process's CPU time per packet, per timed report (after the warm-up,
     *     which JFR's start precedes)
     * @param wallNsPerPacket wall time per packet, per timed report
     * @param gcCount collections during the timed reports (jdk.GarbageCollection)
     * @param gcMaxPauseMs longest pause of those
     * @param gcPauseSumMs their pauses summed
     * @param seconds the timed reports' wall time
     * @param liveObjects objects alive with the FIFO and store full (jdk.ObjectCount, classes above its
     *     0.5%-of-heap cutoff), or -1 when not counted
     */
    public record Batch(
            String caseLabel,
            String strategy,
            String buffers,
            List<Double> cpuNsPerPacket,
            List<Double> wallNsPerPacket,
            long gcCount,
            double gcMaxPauseMs,
            double gcPauseSumMs,
            double seconds,
            long liveObjects) {}

    /**
     * A real-time trial.
     *
     * @param intervalNs the source's interval
     * @param lostAfterStartup packets lost after the start-up
     * @param seenAfterStartup packets read or lost after the start-up
     * @param lost all lost, start-up included
     */
    public record Trial(
            String caseLabel,
            String strategy,
            String buffers,
            long intervalNs,
            long lostAfterStartup,
            long seenAfterStartup,
            long lost,
            boolean search,
            Long minIntervalNs,
            double lostPercentAtReference) {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        AnalyserSetup setup = new AnalyserSetup(
                AnalyserCase.parse(args[1]),
                Strategy.parse(args[2]),
                Buffers.parse(args[3]),
                new PacketStrategy.PoolSizes(Integer.parseInt(args[4]), Integer.parseInt(args[5])),
                Analyser.Parse.parse(args[6]));
        setup.checkHeap(Runtime.getRuntime().maxMemory());
        try (Analyser analyser = setup.newAnalyser(1)) {
            switch (mode) {
                case "batch" ->
                    batch(
                            setup,
                            analyser,
                            Path.of(args[7]),
                            new BatchRun(Long.parseLong(args[8]), Long.parseLong(args[9]), Integer.parseInt(args[10])),
                            Boolean.parseBoolean(args[11]));
                case "realtime" -> {
                    RealTimeRun run = realTimeRun(args[8], args[9]);
                    for (int i = 10; i < args.length; i++) {
                        long interval = Long.parseLong(args[i]);
                        RealTimeRun.Result r = AnalyserSetup.trial(analyser, Path.of(args[7]), interval, run, l -> {});
                        ForkedJvm.emit(trial(setup, r, false, null, Double.NaN));
                    }
                }
                case "search" -> {
                    RealTimeRun run = realTimeRun(args[8], args[9]);
                    MinIntervalSearch search =
                            new MinIntervalSearch(1_000, Long.parseLong(args[10]), Long.parseLong(args[11]), 0.05);
                    MinIntervalSearch.Outcome outcome = search.search(
                            interval -> AnalyserSetup.trial(analyser, Path.of(args[7]), interval, run, l -> {}),
                            run.windowNs(),
                            r -> ForkedJvm.progress(setup.analyserCase().label() + " "
                                    + setup.strategy().label() + " " + r.intervalNs() + " ns: "
                                    + (!r.keptRate(run.windowNs())
                                            ? "source fell behind (" + r.seenAfterStartup() + " packets)"
                                            : r.clean() ? "no loss" : "lost " + r.lostAfterStartup())));
                    RealTimeRun.Result last = outcome.trials().getLast();
                    ForkedJvm.emit(trial(setup, last, true, outcome.minIntervalNs(), outcome.lostPercentAtReference()));
                }
                default -> throw new IllegalArgumentException("unknown mode " + mode);
            }
        }
    }

    private static RealTimeRun realTimeRun(String startupMs, String windowMs) {
        long startup = Long.parseLong(startupMs) * 1_000_000L;
        return new RealTimeRun(startup + Long.parseLong(windowMs) * 1_000_000L, startup, 1_000_000_000L);
    }

    private static Trial trial(
            AnalyserSetup setup, RealTimeRun.Result r, boolean search, Long minInterval, double lostAtReference) {
        return new Trial(
                setup.analyserCase().label(),
                setup.strategy().label(),
                setup.buffers().label(),
                r.intervalNs(),
                r.lostAfterStartup(),
                r.seenAfterStartup(),
                r.lost(),
                search,
                minInterval,
                lostAtReference);
    }

    private static void batch(AnalyserSetup setup, Analyser analyser, Path jfr, BatchRun run, boolean countObjects)
            throws Exception {
        List<Double> cpu = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        Instant timedFrom;
        long start;
        long end;
        // JFR starts before the warm-up, so that neither its start nor the interpreter is in a timed
        // report; only the collections from the first timed report on are counted.
        try (Recording recording = new Recording()) {
            recording.enable("jdk.GarbageCollection");
            recording.start();
            analyser.onPackets(run.warmupPackets());
            timedFrom = Instant.now();
            start = System.nanoTime();
            new BatchRun(0, run.reportPackets(), run.reports()).runWithoutFinish(analyser, r -> {
                cpu.add(r.cpuNsPerPacket());
                wall.add(r.nsPerPacket());
                ForkedJvm.progress(String.format(
                        java.util.Locale.ROOT,
                        "%s %s %s: CPU %.0f ns/packet",
                        setup.analyserCase().label(),
                        setup.strategy().label(),
                        setup.buffers().label(),
                        r.cpuNsPerPacket()));
            });
            end = System.nanoTime();
            recording.stop();
            recording.dump(jfr);
        }
        long count = 0;
        Duration sum = Duration.ZERO;
        Duration longest = Duration.ZERO;
        for (RecordedEvent gc : RecordingFile.readAllEvents(jfr)) {
            if (gc.getStartTime().isBefore(timedFrom)) {
                continue;
            }
            count++;
            sum = sum.plus(gc.getDuration("sumOfPauses"));
            Duration max = gc.getDuration("longestPause");
            longest = max.compareTo(longest) > 0 ? max : longest;
        }
        Files.deleteIfExists(jfr);
        long live = countObjects ? liveObjects(jfr) : -1;
        BatchRun.finish(analyser); // the guard and the leak check, after the live count
        ForkedJvm.emit(new Batch(
                setup.analyserCase().label(),
                setup.strategy().label(),
                setup.buffers().label(),
                cpu,
                wall,
                count,
                longest.toNanos() / 1e6,
                sum.toNanos() / 1e6,
                (end - start) / 1e9,
                live));
    }

    /** Objects alive now, by JFR's heap inspection (jdk.ObjectCount; it collects first). */
    private static long liveObjects(Path jfr) throws Exception {
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ObjectCount");
            recording.start();
            recording.stop();
            recording.dump(jfr);
        }
        long total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            total += e.getLong("count");
        }
        Files.deleteIfExists(jfr);
        return total;
    }
}
