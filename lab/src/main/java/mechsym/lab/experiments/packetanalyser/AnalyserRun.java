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
 * a min-interval search against the clock source. Its {@link Input} holds the configuration and
 * either a batch or a real-time run.
 */
public final class AnalyserRun {
    private AnalyserRun() {}

    /** The analyser's configuration, by the labels of case, strategy, buffers and parse. */
    public record Setup(
            String analyserCase, String strategy, String buffers, PacketStrategy.PoolSizes sizes, String parse) {}

    /** A batch run: the JFR recording's file, the packets of warm-up and of each report, the reports. */
    public record BatchWork(String jfr, long warmupPackets, long reportPackets, int reports, boolean countObjects) {}

    /** A min-interval search's bounds, in ns. */
    public record Search(long floorNs, long ceilingNs) {}

    /**
     * Real-time runs against the clock source's executable: a trial at each interval, or (with
     * {@code search}) a min-interval search.
     */
    public record RealTimeWork(String clock, long startupMs, long windowMs, List<Long> intervalsNs, Search search) {}

    /** One fork's work: the configuration and exactly one of a batch or real-time runs (the other null). */
    public record Input(Setup setup, BatchWork batch, RealTimeWork realTime) {}

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
            double lostPercentAtReference) {
        /** The share of the packets seen after start-up that were lost, in %; 0 when none were seen. */
        double lostPercentAfterStartup() {
            return seenAfterStartup == 0 ? 0 : 100.0 * lostAfterStartup / seenAfterStartup;
        }
    }

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        if ((input.batch() == null) == (input.realTime() == null)) {
            throw new IllegalArgumentException(
                    "AnalyserRun: input needs exactly one of 'batch' and 'realTime', got " + input);
        }
        Setup in = input.setup();
        AnalyserSetup setup = new AnalyserSetup(
                AnalyserCase.parse(in.analyserCase()),
                Strategy.parse(in.strategy()),
                Buffers.parse(in.buffers()),
                in.sizes(),
                Analyser.Parse.parse(in.parse()));
        setup.checkHeap(Runtime.getRuntime().maxMemory());
        try (Analyser analyser = setup.newAnalyser(1)) {
            BatchWork batch = input.batch();
            RealTimeWork realTime = input.realTime();
            if (batch != null) {
                batch(
                        setup,
                        analyser,
                        Path.of(batch.jfr()),
                        new BatchRun(batch.warmupPackets(), batch.reportPackets(), batch.reports()),
                        batch.countObjects());
            } else if (realTime.search() == null) {
                RealTimeRun run = realTimeRun(realTime);
                for (long interval : realTime.intervalsNs()) {
                    RealTimeRun.Result r =
                            AnalyserSetup.trial(analyser, Path.of(realTime.clock()), interval, run, l -> {});
                    ForkedJvm.emit(trial(setup, r, false, null, Double.NaN));
                }
            } else {
                RealTimeRun run = realTimeRun(realTime);
                MinIntervalSearch search = new MinIntervalSearch(
                        1_000, realTime.search().floorNs(), realTime.search().ceilingNs(), 0.05);
                MinIntervalSearch.Outcome outcome = search.search(
                        interval -> AnalyserSetup.trial(analyser, Path.of(realTime.clock()), interval, run, l -> {}),
                        run.windowNs(),
                        r -> ForkedJvm.progress(setup.analyserCase().label() + " "
                                + setup.strategy().label() + " " + r.intervalNs() + " ns: "
                                + (!r.keptRate(run.windowNs())
                                        ? "source fell behind (" + r.seenAfterStartup() + " packets)"
                                        : r.clean() ? "no loss" : "lost " + r.lostAfterStartup())));
                RealTimeRun.Result last = outcome.trials().getLast();
                ForkedJvm.emit(trial(setup, last, true, outcome.minIntervalNs(), outcome.lostPercentAtReference()));
            }
        }
    }

    private static RealTimeRun realTimeRun(RealTimeWork work) {
        long startup = work.startupMs() * 1_000_000L;
        return new RealTimeRun(startup + work.windowMs() * 1_000_000L, startup, 1_000_000_000L);
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
