package mechsym.lab.experiments.herding;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mechsym.core.concurrent.Sequence;
import mechsym.tools.latency.CpuAffinity;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;

/**
 * A ping-pong between two platform threads over two of core's padded {@link Sequence}s (release
 * store, acquire load), each round trip timed on its own into the shared HdrHistogram recorder.
 * Either thread may be pinned to a CPU (or left to the scheduler, {@link #UNPINNED}).
 *
 * <p>The waits spin {@value #SPINS_BEFORE_YIELD} times, then yield: with both threads on one CPU a
 * pure spin would hold the CPU for its whole time slice while the other thread waits to run, so the
 * yield is what lets the one-core placement finish at all — and what it costs is the point.
 */
final class PinnedPingPong {
    static final int UNPINNED = -1;
    private static final int SPINS_BEFORE_YIELD = 1_000;

    private PinnedPingPong() {}

    /** The result of one run: the round-trip distribution and how many round trips fitted in it. */
    record Run(LatencySummary roundTrips, org.HdrHistogram.Histogram histogram, long count) {}

    /** Runs for {@code millis} with the ping thread on {@code pingCpu} and the pong thread on {@code pongCpu}. */
    static Run run(int pingCpu, int pongCpu, long millis) throws InterruptedException {
        Sequence ping = new Sequence(0);
        Sequence pong = new Sequence(0);
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch pinned = new CountDownLatch(2);
        long[] count = new long[1];

        Thread ponger = Thread.ofPlatform().name("herding-pong").start(() -> {
            try {
                pin(pongCpu);
                pinned.countDown();
                for (long i = 1; ; i++) {
                    if (await(ping, i) < 0) {
                        return;
                    }
                    pong.setRelease(i);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                pinned.countDown();
                pong.setRelease(Long.MAX_VALUE); // releases a ping thread waiting for this one
            }
        });
        Thread pinger = Thread.ofPlatform().name("herding-ping").start(() -> {
            try {
                pin(pingCpu);
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
                    ping.setRelease(i);
                    await(pong, i);
                    now = System.nanoTime();
                    recorder.record(now - start);
                }
                count[0] = i;
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                ping.setRelease(Long.MIN_VALUE); // tells the pong thread to stop
            }
        });
        pinger.join();
        ponger.join(TimeUnit.SECONDS.toMillis(10));
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

    /** Waits until {@code sequence} reaches {@code value}; -1 if it was told to stop instead. */
    private static long await(Sequence sequence, long value) {
        int spins = 0;
        long seen;
        while ((seen = sequence.getAcquire()) < value) {
            if (seen == Long.MIN_VALUE) {
                return -1;
            }
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return seen;
    }
}
