package mechsym.lab.rigs.pingpong;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mechsym.lab.ForkedJvm;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.platform.CpuAffinity;
import org.HdrHistogram.Histogram;

/**
 * The ping-pong that inter-thread-latency, lazyset and herding share: two platform threads hand a
 * counter back and forth through two {@link Cells}, and every round trip is timed on its own into
 * HdrHistogram (closed loop: one round trip in flight). Each thread pins itself to its CPU, or
 * stays with the scheduler ({@link #UNPINNED}).
 *
 * <pre>
 *   ping thread                            pong thread
 *   start = nanoTime                        while (readPing() != i) spin
 *   publishPing(i)     ------------------>  publishPong(i)
 *   while (readPong() != i) spin
 *   record(nanoTime - start) <-----------
 * </pre>
 *
 * <p>A wait busy-spins (as the posts) for {@value #SPINS_BEFORE_YIELD} reads, then yields: with both
 * threads on one CPU a pure spin holds the CPU for its whole time slice while the other thread
 * waits to run, so the yield is what lets a same-CPU pair finish at all; across two CPUs a round
 * trip ends long before. Timing each round trip adds two clock reads to it, so these figures sit
 * above an untimed mean; the comparisons between layouts, store modes and placements are what they
 * are for. Each run is thread-safe on its own; run one at a time.
 */
public final class TimedPingPong {
    /** A CPU number meaning "not pinned". */
    public static final int UNPINNED = -1;

    private static final int SPINS_BEFORE_YIELD = 1_000;
    private static final long STOP = Long.MIN_VALUE;

    private TimedPingPong() {}

    /** What one run measures: cell layout, store mode and the two threads' CPUs. */
    public record Case(Cells.Layout layout, StoreMode mode, int pingCpu, int pongCpu) {}

    /** One run's result: the round-trip distribution, its histogram and the round trips made. */
    public record Run(LatencySummary roundTrips, Histogram histogram, long count) {}

    /** One run as a forked JVM reports it. */
    public record Forked(String layout, String mode, int pingCpu, int pongCpu, int run, LatencySummary rtt) {}

    /** Runs {@code c} for {@code millis}; throws if a thread failed (e.g. could not pin) or hung. */
    public static Run run(Case c, long millis) throws InterruptedException {
        Cells cells = Cells.of(c.layout(), c.mode(), 0);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch pinned = new CountDownLatch(2);
        long[] count = new long[1];

        Thread ponger = Thread.ofPlatform().name("pong").start(() -> {
            try {
                pin(c.pongCpu());
                pinned.countDown();
                for (long i = 1; ; i++) {
                    if (!awaitPing(cells, i)) {
                        return;
                    }
                    cells.publishPong(i);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                pinned.countDown();
                cells.publishPong(Long.MAX_VALUE); // releases a ping thread waiting for this one
            }
        });
        Thread pinger = Thread.ofPlatform().name("ping").start(() -> {
            try {
                pin(c.pingCpu());
                pinned.countDown();
                if (!pinned.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the pong thread did not start within 10 s");
                }
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
                long i = 0;
                long now = System.nanoTime();
                while (now < end) {
                    i++;
                    long start = now;
                    cells.publishPing(i);
                    awaitPong(cells, i);
                    now = System.nanoTime();
                    recorder.record(now - start);
                }
                count[0] = i;
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                cells.publishPing(STOP); // tells the pong thread to stop
            }
        });
        pinger.join();
        ponger.join(TimeUnit.SECONDS.toMillis(10));
        if (ponger.isAlive()) {
            throw new IllegalStateException("the pong thread did not stop within 10 s of the end");
        }
        if (failure.get() != null) {
            throw new IllegalStateException("ping-pong failed: " + failure.get(), failure.get());
        }
        return new Run(recorder.total(), recorder.totalHistogram(), count[0]);
    }

    private static void pin(int cpu) {
        if (cpu != UNPINNED) {
            CpuAffinity.pinCurrentThread(cpu);
        }
    }

    /** Waits until ping reaches {@code value}; false if told to stop instead. */
    private static boolean awaitPing(Cells cells, long value) {
        int spins = 0;
        long seen;
        while ((seen = cells.readPing()) < value) {
            if (seen == STOP) {
                return false;
            }
            if (++spins >= SPINS_BEFORE_YIELD) {
                Thread.yield();
            }
        }
        return true;
    }

    private static void awaitPong(Cells cells, long value) {
        int spins = 0;
        while (cells.readPong() < value) {
            if (++spins >= SPINS_BEFORE_YIELD) {
                Thread.yield();
            }
        }
    }

    /** One case of a fork: its store mode, the CPUs of ping and pong, and its last run's histogram file. */
    public record CaseInput(StoreMode mode, int pingCpu, int pongCpu, String hgrm) {}

    /** One fork's work: the cells' layout, each run's length, the runs of each case, and the cases. */
    public record Input(Cells.Layout layout, long runMillis, int runs, List<CaseInput> cases) {}

    /**
     * Runs each case in a forked JVM, all with one layout (so the calls stay monomorphic): each case
     * {@code runs} times, run 0 a warm-up; the last run's histogram goes to the case's file.
     */
    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        Cells.Layout layout = input.layout();
        long runMillis = input.runMillis();
        int runs = input.runs();
        for (CaseInput in : input.cases()) {
            Case c = new Case(layout, in.mode(), in.pingCpu(), in.pongCpu());
            for (int r = 0; r < runs; r++) {
                Run run = run(c, runMillis);
                if (r == runs - 1) {
                    LatencyRecorder.writeHgrm(run.histogram(), Path.of(in.hgrm()));
                }
                ForkedJvm.emit(
                        new Forked(layout.name(), c.mode().name(), c.pingCpu(), c.pongCpu(), r, run.roundTrips()));
            }
        }
    }

    /** The input of {@link #main} for one case. */
    public static CaseInput caseInput(StoreMode mode, int pingCpu, int pongCpu, Path hgrm) {
        return new CaseInput(mode, pingCpu, pongCpu, hgrm.toString());
    }

    /** The measured runs of a fork's output (run 0, the warm-up, left out) for one case. */
    public static List<Forked> measured(List<Forked> runs, StoreMode mode, int pingCpu, int pongCpu) {
        List<Forked> out = new ArrayList<>();
        for (Forked r : runs) {
            if (r.run() > 0 && r.mode().equals(mode.name()) && r.pingCpu() == pingCpu && r.pongCpu() == pongCpu) {
                out.add(r);
            }
        }
        return out;
    }
}
