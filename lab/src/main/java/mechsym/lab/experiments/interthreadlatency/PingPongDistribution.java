package mechsym.lab.experiments.interthreadlatency;

import java.nio.file.Path;
import mechsym.core.concurrent.Sequence;
import mechsym.lab.ForkedJvm;
import mechsym.lab.experiments.threads.PaddedCell;
import mechsym.tools.latency.CpuAffinity;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;

/**
 * The post's volatile ping-pong with every round trip timed on its own into HdrHistogram, in a
 * forked JVM, for the distribution (p50 to max) that a mean hides. The two cells are laid out one of
 * three ways, fixed for the JVM by {@code -Dmechsym.pingpong.layout} (a {@code static final} the JIT
 * folds):
 *
 * <ul>
 *   <li>{@code UNPADDED}: the post's two fields side by side in one object, so on one cache line;
 *   <li>{@code PADDED}: the lab's hand-written cells, each alone on its 128 bytes;
 *   <li>{@code SEQUENCE}: core's {@link Sequence} (padded, volatile access), the component itself.
 * </ul>
 *
 * Each thread pins itself to the CPU given (or stays unpinned with -1). Timing each round trip adds
 * two clock reads to it, so these figures sit above the untimed mean of {@link PingPong}; the
 * comparison between layouts and placements is what they are for.
 *
 * <pre>
 * args: RUN_MS RUNS PING_CPU PONG_CPU HGRM_FILE    (run 0 is warm-up; the last run's histogram is written)
 * </pre>
 */
public final class PingPongDistribution {
    /** How the two cells sit in memory. */
    public enum Layout {
        UNPADDED,
        PADDED,
        SEQUENCE
    }

    static final String LAYOUT_PROPERTY = "mechsym.pingpong.layout";
    private static final Layout LAYOUT = Layout.valueOf(System.getProperty(LAYOUT_PROPERTY, Layout.PADDED.name()));
    private static final long STOP = Long.MIN_VALUE;

    /** The post's layout: two volatile fields of one object. */
    static final class SharedLine {
        volatile long ping = -1;
        volatile long pong = -1;
    }

    private static final SharedLine SHARED = new SharedLine();
    private static final PaddedCell PING = new PaddedCell(-1);
    private static final PaddedCell PONG = new PaddedCell(-1);
    private static final Sequence PING_SEQUENCE = new Sequence(-1);
    private static final Sequence PONG_SEQUENCE = new Sequence(-1);

    /** One run's distribution, sent to the parent. */
    public record Run(String layout, int pingCpu, int pongCpu, int run, LatencySummary rtt) {}

    private PingPongDistribution() {}

    private static void publishPing(long v) {
        switch (LAYOUT) {
            case UNPADDED -> SHARED.ping = v;
            case PADDED -> PING.value = v;
            case SEQUENCE -> PING_SEQUENCE.setVolatile(v);
        }
    }

    private static void publishPong(long v) {
        switch (LAYOUT) {
            case UNPADDED -> SHARED.pong = v;
            case PADDED -> PONG.value = v;
            case SEQUENCE -> PONG_SEQUENCE.setVolatile(v);
        }
    }

    private static long readPing() {
        return switch (LAYOUT) {
            case UNPADDED -> SHARED.ping;
            case PADDED -> PING.value;
            case SEQUENCE -> PING_SEQUENCE.getVolatile();
        };
    }

    private static long readPong() {
        return switch (LAYOUT) {
            case UNPADDED -> SHARED.pong;
            case PADDED -> PONG.value;
            case SEQUENCE -> PONG_SEQUENCE.getVolatile();
        };
    }

    static Run runOnce(int run, long runMillis, int pingCpu, int pongCpu, Path hgrm) throws Exception {
        publishPing(-1);
        publishPong(-1);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        Thread pong = Thread.ofPlatform().name("pong").start(() -> {
            pin(pongCpu);
            for (long i = 0; ; i++) {
                long seen;
                while ((seen = readPing()) != i) {
                    if (seen == STOP) {
                        return;
                    }
                }
                publishPong(i);
            }
        });
        Thread ping = Thread.ofPlatform().name("ping").start(() -> {
            pin(pingCpu);
            long deadline = System.nanoTime() + runMillis * 1_000_000L;
            long now = System.nanoTime();
            for (long i = 0; now < deadline; i++) {
                long start = now;
                publishPing(i);
                while (readPong() != i) {
                    // busy spin, as the post
                }
                now = System.nanoTime();
                recorder.record(now - start);
            }
            publishPing(STOP);
        });
        ping.join();
        pong.join();
        if (hgrm != null) {
            recorder.writeHgrm(hgrm);
        }
        return new Run(LAYOUT.name(), pingCpu, pongCpu, run, recorder.total());
    }

    private static void pin(int cpu) {
        if (cpu >= 0) {
            CpuAffinity.pinCurrentThread(cpu);
        }
    }

    public static void main(String[] args) throws Exception {
        long runMillis = Long.parseLong(args[0]);
        int runs = Integer.parseInt(args[1]);
        int pingCpu = Integer.parseInt(args[2]);
        int pongCpu = Integer.parseInt(args[3]);
        Path hgrm = Path.of(args[4]);
        for (int run = 0; run < runs; run++) {
            ForkedJvm.emit(runOnce(run, runMillis, pingCpu, pongCpu, run == runs - 1 ? hgrm : null));
        }
    }
}
