package mechsym.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import mechsym.tools.OptionCheck;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.AnalyserCase;
import mechsym.tools.analyser.AnalyserSetup;
import mechsym.tools.analyser.BatchRun;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.ClockQueue;
import mechsym.tools.analyser.MinIntervalSearch;
import mechsym.tools.analyser.PacketStrategy;
import mechsym.tools.analyser.RealTimeRun;
import mechsym.tools.analyser.Strategy;
import mechsym.tools.platform.NativePrograms;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mechsym analyser}: the packet analyser of seed 002 in batch or real-time mode (see
 * docs/analyser.md). Runs in this JVM: its heap and collector are the launcher's
 * ({@code MECHSYM_JAVA_OPTS="-Xmx2g -XX:+UseZGC"}).
 */
@Command(
        name = "analyser",
        mixinStandardHelpOptions = true,
        description = {
            "The packet analyser of the 'allocate or pool buffers' post: cases A/A1000/B/C, strategies"
                    + " dummy/alloc/mix/pool, heap or native buffers (docs/analyser.md).",
            "Heap and GC are this JVM's: MECHSYM_JAVA_OPTS=\"-Xmx2g -XX:+UseZGC\" ./mechsym analyser ...",
            "Exit codes: 0 done, 1 failed, 2 bad arguments."
        },
        subcommands = {AnalyserCommand.Batch.class, AnalyserCommand.RealTime.class, AnalyserCommand.MinInterval.class})
public final class AnalyserCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** What every mode needs: the case, the strategy, the buffers. */
    static final class ModelOptions {
        @Option(
                names = "--case",
                defaultValue = "A",
                description = "A (the table's 10,000 queue/stored), A1000 (the printed run's 1,000), B or C"
                        + " (default: ${DEFAULT-VALUE}).")
        String caseLabel;

        @Option(
                names = "--strategy",
                defaultValue = "pool",
                description = "dummy, alloc, mix or pool (default: ${DEFAULT-VALUE}).")
        String strategy;

        @Option(
                names = "--buffers",
                defaultValue = "heap",
                description = "heap (a ByteBuffer per packet) or native (slots of an off-heap slab)"
                        + " (default: ${DEFAULT-VALUE}).")
        String buffers;

        @Option(
                names = "--parse",
                defaultValue = "objects",
                description =
                        "objects (an IpHeader and two Ipv4Address per packet, the post's Java) or flat"
                                + " (primitive fields inside the packet, nothing allocated per packet) (default: ${DEFAULT-VALUE}).")
        String parse;

        @Option(names = "--seed", defaultValue = "1", description = "Random seed of the data source.")
        long seed;

        /** The setup, or a usage error naming the bad option; refuses a heap too small. */
        AnalyserSetup setup() {
            AnalyserSetup setup = Main.UsageError.check(() -> new AnalyserSetup(
                    AnalyserCase.parse(caseLabel),
                    Strategy.parse(strategy),
                    Buffers.parse(buffers),
                    PacketStrategy.PoolSizes.POST,
                    Analyser.Parse.parse(parse)));
            try {
                setup.checkHeap(Runtime.getRuntime().maxMemory());
            } catch (IllegalArgumentException e) {
                throw new Main.UsageError("heap (-Xmx): " + e.getMessage());
            }
            return setup;
        }

        void printHeader(PrintWriter out, AnalyserSetup setup) {
            AnalyserCase c = setup.analyserCase();
            String size = switch (setup.strategy()) {
                case MIX -> ", size = " + setup.sizes().mix();
                case POOL -> ", size = " + setup.sizes().pool();
                default -> "";
            };
            out.println("Test: " + setup.strategy().name() + size + ", "
                    + setup.buffers().label() + " buffers, " + setup.parse().label() + " parse, case " + c.label()
                    + ", "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB heap");
            out.println("Internal queue: " + c.internalQueueSize());
            out.println("Stored: " + c.storedCount());
            out.flush();
        }
    }

    @Command(
            name = "batch",
            mixinStandardHelpOptions = true,
            description = "Packets as fast as they go; ns per packet per report after a warm-up (the post: 50M"
                    + " warm-up, 10M per report).")
    static final class Batch implements Callable<Integer> {
        @Mixin
        ModelOptions model;

        @Option(
                names = "--warmup",
                defaultValue = "50000000",
                description = "Warm-up packets (default: ${DEFAULT-VALUE}).")
        long warmup;

        @Option(
                names = "--report",
                defaultValue = "10000000",
                description = "Packets per report (default: ${DEFAULT-VALUE}).")
        long report;

        @Option(names = "--reports", defaultValue = "5", description = "Timed reports (default: ${DEFAULT-VALUE}).")
        int reports;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Main.UsageError.check(() -> OptionCheck.atLeast("--warmup", warmup, 0, "packets"));
            Main.UsageError.check(() -> OptionCheck.atLeast("--report", report, 1, "packets"));
            Main.UsageError.check(() -> OptionCheck.atLeast("--reports", reports, 1, ""));
            AnalyserSetup setup = model.setup();
            PrintWriter out = spec.commandLine().getOut();
            model.printHeader(out, setup);
            out.println("warm-up: " + warmup + " packets");
            out.flush();
            try (Analyser analyser = setup.newAnalyser(model.seed)) {
                new BatchRun(warmup, report, reports).run(analyser, r -> {
                    out.println(String.format(
                            Locale.ROOT,
                            "report %d: %.1f ns/packet, CPU %.1f ns/packet (%d packets)",
                            r.index() + 1,
                            r.nsPerPacket(),
                            r.cpuNsPerPacket(),
                            r.packets()));
                    out.flush();
                });
            }
            return Main.EXIT_OK;
        }
    }

    /** The clock source binary, built on first use, or a failure saying why there is none. */
    static Path clockSource() {
        NativePrograms.Program program = NativePrograms.program("clock_source");
        if (!program.isAvailable()) {
            throw new IllegalStateException("no clock source for the real-time mode: " + program.problem());
        }
        return program.executable();
    }

    static long checkedInterval(long intervalNs, String option) {
        return Main.UsageError.check(() -> OptionCheck.atLeast(option, intervalNs, 1, "ns"));
    }

    static RealTimeRun realTimeRun(double seconds, double startup) {
        if (seconds <= 0 || startup < 0 || startup >= seconds) {
            throw new Main.UsageError(
                    "--seconds must be > 0 and --startup in [0, --seconds) (were " + seconds + ", " + startup + ")");
        }
        return new RealTimeRun((long) (seconds * 1e9), (long) (startup * 1e9), 1_000_000_000L);
    }

    @Command(
            name = "realtime",
            mixinStandardHelpOptions = true,
            description = "One packet per sequence number from the native clock source (one every --interval ns,"
                    + " a queue of 100 ms of packets); a line per second: elapsed; since last; lost: N.")
    static final class RealTime implements Callable<Integer> {
        @Mixin
        ModelOptions model;

        @Option(
                names = "--interval",
                defaultValue = "1000",
                description = "SOURCE_INTERVAL_NS (default: ${DEFAULT-VALUE}).")
        long interval;

        @Option(names = "--seconds", defaultValue = "20", description = "How long (default: ${DEFAULT-VALUE}).")
        double seconds;

        @Option(
                names = "--startup",
                defaultValue = "5",
                description = "Seconds of start-up whose loss is shown but forgiven (default: ${DEFAULT-VALUE}).")
        double startup;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            long intervalNs = checkedInterval(interval, "--interval");
            RealTimeRun run = realTimeRun(seconds, startup);
            AnalyserSetup setup = model.setup();
            Path clock = clockSource();
            PrintWriter out = spec.commandLine().getOut();
            model.printHeader(out, setup);
            long capacity = ClockQueue.capacityFor(intervalNs, AnalyserCase.MAX_CAPTURING_DELAY_MS);
            out.println("Input queue size: " + capacity);
            out.println("Input queue capacity, ms: " + capacity * intervalNs / 1e6);
            out.flush();
            try (Analyser analyser = setup.newAnalyser(model.seed)) {
                RealTimeRun.Result result = AnalyserSetup.trial(analyser, clock, intervalNs, run, line -> {
                    out.println(line);
                    out.flush();
                });
                out.println(String.format(
                        Locale.ROOT,
                        "received %d, lost %d (%.4f%%); after start-up lost %d of %d (%.4f%%)",
                        result.received(),
                        result.lost(),
                        100.0 * result.lost() / Math.max(1, result.received() + result.lost()),
                        result.lostAfterStartup(),
                        result.seenAfterStartup(),
                        result.lostPercentAfterStartup()));
            }
            return Main.EXIT_OK;
        }
    }

    @Command(
            name = "min-interval",
            mixinStandardHelpOptions = true,
            description = "The smallest source interval with no loss after start-up (bisection, a trial of"
                    + " --startup + --window seconds each), or the loss at 1000 ns when there is none.")
    static final class MinInterval implements Callable<Integer> {
        @Mixin
        ModelOptions model;

        @Option(
                names = "--startup",
                defaultValue = "5",
                description = "Forgiven seconds per trial (default: ${DEFAULT-VALUE}).")
        double startup;

        @Option(
                names = "--window",
                defaultValue = "10",
                description = "Seconds with no loss a trial needs to pass (default: ${DEFAULT-VALUE}).")
        double window;

        @Option(
                names = "--floor",
                defaultValue = "20",
                description = "Smallest interval tried, ns (default: ${DEFAULT-VALUE}).")
        long floor;

        @Option(
                names = "--ceiling",
                defaultValue = "16000",
                description = "Largest interval tried, ns (default: ${DEFAULT-VALUE}).")
        long ceiling;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            checkedInterval(floor, "--floor");
            if (ceiling < 1000 || floor > 1000) {
                throw new Main.UsageError(
                        "--floor must be <= 1000 and --ceiling >= 1000 ns (were " + floor + ", " + ceiling + ")");
            }
            if (window <= 0) {
                throw new Main.UsageError("--window must be > 0 s, was " + window);
            }
            RealTimeRun run = realTimeRun(startup + window, startup);
            AnalyserSetup setup = model.setup();
            Path clock = clockSource();
            PrintWriter out = spec.commandLine().getOut();
            model.printHeader(out, setup);
            MinIntervalSearch search = new MinIntervalSearch(1_000, floor, ceiling, 0.05);
            try (Analyser analyser = setup.newAnalyser(model.seed)) {
                MinIntervalSearch.Outcome outcome = search.search(
                        intervalNs -> AnalyserSetup.trial(analyser, clock, intervalNs, run, line -> {}),
                        run.windowNs(),
                        r -> {
                            out.println(String.format(
                                    Locale.ROOT,
                                    "%6d ns: %s (lost %d of %d after start-up)",
                                    r.intervalNs(),
                                    !r.keptRate(run.windowNs())
                                            ? "the clock source fell behind"
                                            : r.clean()
                                                    ? "no loss"
                                                    : String.format(
                                                            Locale.ROOT, "lost %.4f%%", r.lostPercentAfterStartup()),
                                    r.lostAfterStartup(),
                                    r.seenAfterStartup()));
                            out.flush();
                        });
                out.println("min interval: " + outcome.cell());
            }
            return Main.EXIT_OK;
        }
    }
}
