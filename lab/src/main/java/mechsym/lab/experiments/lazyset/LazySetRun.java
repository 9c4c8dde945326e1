package mechsym.lab.experiments.lazyset;

import java.lang.foreign.Arena;
import mechsym.lab.ForkedJvm;
import mechsym.lab.experiments.lazyset.Counters.Counter;
import mechsym.lab.experiments.lazyset.Counters.Storage;
import mechsym.lab.rigs.pingpong.TimedPingPong;
import mechsym.tools.platform.CpuAffinity;

/**
 * The post's two experiments for one (storage, set method), in a forked JVM; runs alternate
 * ping-pong and catch-up, the first of each is warm-up.
 *
 * <pre>
 * Ping Pong (latency): each thread owns one counter (single writer)
 *   thread A                                thread B
 *   a.set(i)          -------------------->  while (a.get() != i) spin
 *   while (b.get() != i) spin                b.set(i)
 *                     <--------------------
 *
 * Catch-up (writer cost): no answer from the consumer
 *   producer                                consumer
 *   values[i] = v(i); counter.set(i + 1)    while (seen < counter.get()) sum += values[seen++]
 * </pre>
 *
 * Ping-pong runs last a fixed time (the A side checks the clock every 1024 round trips, then
 * sends STOP); catch-up runs publish a fixed number of values. The catch-up guard: the consumer's
 * sum must equal the sum of the values the producer wrote, which a publication that overtakes its
 * data (possible with the direct set) breaks; a failed guard is reported, not thrown, since it is
 * the post's warning about the direct set coming true.
 *
 * <pre>
 * args: STORAGE RUN_MS RUNS CATCHUP_VALUES [CPU_A CPU_B]     (-Dmechsym.lazyset.set=VOLATILE|LAZY|DIRECT)
 * </pre>
 *
 * With CPU_A and CPU_B (the post ran its experiments under affinity), thread A and the producer are
 * pinned to CPU_A, thread B and the consumer to CPU_B; -1 leaves a thread to the scheduler.
 */
public final class LazySetRun {
    private static final long STOP = -2;

    /**
     * One run's figure, sent to the parent.
     *
     * @param nsPerOp ping-pong: ns per round trip; catch-up: ns per value until the consumer caught up
     * @param producerNsPerOp catch-up only: the producer's own ns per value (0 for ping-pong)
     */
    public record Run(
            String experiment,
            String storage,
            String set,
            int run,
            long ops,
            long durationNs,
            double nsPerOp,
            double producerNsPerOp,
            boolean checksumOk) {}

    private LazySetRun() {}

    /**
     * One fork's work: the counters' storage, each ping-pong run's length, the runs, the values of a
     * catch-up run, and the two CPUs its threads run on.
     */
    public record Input(Storage storage, long runMillis, int runs, int values, Cpus cpus) {}

    public static void main(String[] args) throws InterruptedException {
        Input input = ForkedJvm.input(args, Input.class);
        Storage storage = input.storage();
        long runMillis = input.runMillis();
        int runs = input.runs();
        int values = input.values();
        Cpus cpus = input.cpus();
        try (Arena arena = Arena.ofShared()) {
            long[] data = new long[values];
            for (int run = 0; run < runs; run++) {
                ForkedJvm.emit(pingPong(storage, Counters.pair(storage, arena), run, runMillis, cpus));
                ForkedJvm.emit(catchUp(storage, Counters.pair(storage, arena)[0], data, run, cpus));
            }
        }
    }

    /** The CPUs the two threads run on; {@link TimedPingPong#UNPINNED} leaves one to the scheduler. */
    record Cpus(int a, int b) {
        static final Cpus UNPINNED = new Cpus(TimedPingPong.UNPINNED, TimedPingPong.UNPINNED);
    }

    /** {@code body} on a new platform thread pinned to {@code cpu} (unless unpinned). */
    private static Thread pinned(int cpu, Runnable body, String name) {
        return new Thread(
                () -> {
                    if (cpu != TimedPingPong.UNPINNED) {
                        CpuAffinity.pinCurrentThread(cpu);
                    }
                    body.run();
                },
                name);
    }

    static Run pingPong(Storage storage, Counter[] counters, int run, long runMillis, Cpus cpus)
            throws InterruptedException {
        Counter a = counters[0];
        Counter b = counters[1];
        a.set(-1);
        b.set(-1);
        long[] result = new long[2];
        Thread bThread = pinned(
                cpus.b(),
                () -> {
                    for (long i = 0; ; i++) {
                        long seen;
                        while ((seen = a.get()) != i) {
                            if (seen == STOP) {
                                return;
                            }
                        }
                        b.set(i);
                    }
                },
                "pong");
        Thread aThread = pinned(
                cpus.a(),
                () -> {
                    long start = System.nanoTime();
                    long deadline = start + runMillis * 1_000_000L;
                    long i = 0;
                    for (; ; i++) {
                        a.set(i);
                        while (b.get() != i) {
                            // busy spin
                        }
                        if ((i & 1023) == 1023 && System.nanoTime() >= deadline) {
                            break;
                        }
                    }
                    a.set(STOP);
                    result[0] = i + 1;
                    result[1] = System.nanoTime() - start;
                },
                "ping");
        bThread.start();
        aThread.start();
        aThread.join();
        bThread.join();
        boolean ok = b.get() == result[0] - 1;
        return new Run(
                "ping-pong",
                storage.name(),
                Counters.SET.name(),
                run,
                result[0],
                result[1],
                result[1] / (double) result[0],
                0,
                ok);
    }

    static Run catchUp(Storage storage, Counter counter, long[] data, int run, Cpus cpus) throws InterruptedException {
        int n = data.length;
        long salt = run + 1L; // a value left over from an earlier run breaks the sum
        counter.set(0);
        long[] producerNanos = new long[1];
        long[] consumed = new long[1];
        Thread consumer = pinned(
                cpus.b(),
                () -> {
                    long sum = 0;
                    int seen = 0;
                    while (seen < n) {
                        long published = counter.get();
                        while (seen < published) {
                            sum += data[seen++];
                        }
                    }
                    consumed[0] = sum;
                },
                "consumer");
        Thread producer = pinned(
                cpus.a(),
                () -> {
                    long start = System.nanoTime();
                    for (int i = 0; i < n; i++) {
                        data[i] = i + salt;
                        counter.set(i + 1);
                    }
                    producerNanos[0] = System.nanoTime() - start;
                },
                "producer");
        long start = System.nanoTime();
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        long duration = System.nanoTime() - start;
        long expected = (long) n * (n - 1) / 2 + salt * n;
        return new Run(
                "catch-up",
                storage.name(),
                Counters.SET.name(),
                run,
                n,
                duration,
                duration / (double) n,
                producerNanos[0] / (double) n,
                consumed[0] == expected);
    }
}
