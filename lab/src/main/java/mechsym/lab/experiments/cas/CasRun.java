package mechsym.lab.experiments.cas;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import mechsym.core.concurrent.Sequence;
import mechsym.lab.ForkedJvm;
import mechsym.lab.Rounds;
import mechsym.lab.rigs.threads.PaddedCell;
import mechsym.tools.platform.CpuAffinity;

/**
 * The Java side of the post's atomic_inc, in a forked JVM: N threads increment one shared counter
 * (alone on its 128 bytes, like native/atomic_inc.cpp) with the Java equivalent of each of the
 * post's four loops, line for line:
 *
 * <pre>
 *   case                       C++ (the post)                         Java                     x86 (C2)
 *   GET_AND_ADD_UNUSED         __sync_add_and_fetch, result unused    getAndAdd, unused        lock add
 *   ADD_AND_GET                value = __sync_add_and_fetch           value = getAndAdd + 1    lock xadd
 *   CAS_LOOP                   __sync_bool_compare_and_swap loop      compareAndSet loop       lock cmpxchg
 *   CAE_LOOP                   __sync_val_compare_and_swap loop       compareAndExchange loop  lock cmpxchg
 *   SEQUENCE_GET_AND_ADD       (as ADD_AND_GET)                       core Sequence.getAndAdd  lock xadd
 *   SEQUENCE_CAS_LOOP          (as CAS_LOOP)                          core Sequence CAS loop   lock cmpxchg
 * </pre>
 *
 * The last two run the same loops through core's padded {@link Sequence} and its own methods, so
 * the component is measured beside the post's hand-written cell.
 *
 * Threads start together behind a barrier; the time runs from the barrier to the last join. The
 * guard: the counter must end at COUNT (GET_AND_ADD_UNUSED: threads x (COUNT / threads)) plus at
 * most one overshoot per thread (a loop that read COUNT - 1 may still add one more), as in C++.
 *
 * <p>Its one input is an {@link Input}: every run does every case at every thread count (run 0 is
 * the warm-up), on the CPUs given, in the round's order, then records run lengths if asked.
 */
public final class CasRun {
    /** The post's four loops. */
    public enum Case {
        GET_AND_ADD_UNUSED("LOCK ADD"),
        ADD_AND_GET("LOCK XADD"),
        CAS_LOOP("LOCK CMPXCHG BOOL"),
        CAE_LOOP("LOCK CMPXCHG VAL"),
        SEQUENCE_GET_AND_ADD("LOCK XADD"),
        SEQUENCE_CAS_LOOP("LOCK CMPXCHG BOOL");

        /** The C++ case of the post this one mirrors. */
        public final String postCase;

        Case(String postCase) {
            this.postCase = postCase;
        }
    }

    /**
     * One run's figure, sent to the parent.
     *
     * @param runLengths for a recording run, how long each core kept the line; null for a timed run
     */
    public record Run(
            String javaCase,
            int threads,
            int run,
            long count,
            long counter,
            long durationNs,
            long[] perThread,
            RunLengths runLengths) {

        Run(String javaCase, int threads, int run, long count, long counter, long durationNs, long[] perThread) {
            this(javaCase, threads, run, count, counter, durationNs, perThread, null);
        }
    }

    /** The cases a recording run repeats, each thread storing the counter values it obtained. */
    static final List<Case> RECORDED = List.of(Case.ADD_AND_GET, Case.CAS_LOOP);

    private static final PaddedCell COUNTER_CELL = new PaddedCell(0);
    private static final VarHandle COUNTER = PaddedCell.VALUE;
    private static final Sequence SEQUENCE = new Sequence(0);

    private CasRun() {}

    // Each loop also counts its own successful increments in a local (a register): the thread's share
    // of the work, which under contention measures how fairly the cores win the cache line.

    static long runAdd(long count, int threads) {
        long value = (count / threads) + 1;
        long mine = 0;
        while (--value != 0) {
            COUNTER.getAndAdd(COUNTER_CELL, 1L);
            mine++;
        }
        return mine;
    }

    static long runXadd(long count) {
        long value = COUNTER_CELL.value;
        long mine = 0;
        while (value < count) {
            value = (long) COUNTER.getAndAdd(COUNTER_CELL, 1L) + 1;
            mine++;
        }
        return mine;
    }

    static long runCas(long count) {
        long value = 0;
        long mine = 0;
        while (value < count) {
            do {
                value = COUNTER_CELL.value;
            } while (!COUNTER.compareAndSet(COUNTER_CELL, value, value + 1));
            mine++;
        }
        return mine;
    }

    /** The post's cas2, exit test and all: it leaves only on a failed CAS that sees its own increment. */
    static long runCae(long count) {
        long value = 0;
        long next;
        long mine = 0;
        while (value < count) {
            value = COUNTER_CELL.value;
            do {
                next = value + 1;
                long witness = (long) COUNTER.compareAndExchange(COUNTER_CELL, value, next);
                if (witness == value) {
                    mine++;
                }
                value = witness;
            } while (value != next);
        }
        return mine;
    }

    /** {@link #runXadd} through core's Sequence. */
    static long runSequenceXadd(long count) {
        long value = SEQUENCE.getVolatile();
        long mine = 0;
        while (value < count) {
            value = SEQUENCE.getAndAdd(1L) + 1;
            mine++;
        }
        return mine;
    }

    /** {@link #runCas} through core's Sequence. */
    static long runSequenceCas(long count) {
        long value = 0;
        long mine = 0;
        while (value < count) {
            do {
                value = SEQUENCE.getVolatile();
            } while (!SEQUENCE.compareAndSet(value, value + 1));
            mine++;
        }
        return mine;
    }

    /** {@link #runXadd}, storing each value obtained in {@code values}. */
    static long recordXadd(long count, int[] values) {
        long value = COUNTER_CELL.value;
        int mine = 0;
        while (value < count) {
            value = (long) COUNTER.getAndAdd(COUNTER_CELL, 1L) + 1;
            values[mine++] = (int) value;
        }
        return mine;
    }

    /** {@link #runCas}, storing each value obtained in {@code values}. */
    static long recordCas(long count, int[] values) {
        long value = 0;
        int mine = 0;
        while (value < count) {
            do {
                value = COUNTER_CELL.value;
            } while (!COUNTER.compareAndSet(COUNTER_CELL, value, value + 1));
            values[mine++] = (int) (value + 1);
        }
        return mine;
    }

    /**
     * One recording run of {@code c} ({@link #RECORDED}): the same loop storing each counter value its
     * thread obtained, whose run lengths say how long each core kept the line. The stores add to each
     * increment, so its time is not the benchmark's.
     */
    static Run recordOnce(Case c, int threads, int count, int run, int[] cpus) throws Exception {
        if (!RECORDED.contains(c)) {
            throw new IllegalArgumentException(c + " is not a recorded case: " + RECORDED);
        }
        int[][] values = new int[threads][count + threads];
        Run timed = runThreads(c, threads, count, run, cpus, values);
        RunLengths lengths = RunLengths.of(values, timed.perThread(), (int) timed.counter());
        return new Run(
                timed.javaCase(), threads, run, count, timed.counter(), timed.durationNs(), timed.perThread(), lengths);
    }

    static Run runOnce(Case c, int threads, long count, int run) throws Exception {
        return runOnce(c, threads, count, run, new int[0]);
    }

    /** One run with thread {@code t} pinned to {@code cpus[t % cpus.length]} (none when empty). */
    static Run runOnce(Case c, int threads, long count, int run, int[] cpus) throws Exception {
        return runThreads(c, threads, count, run, cpus, null);
    }

    /** One run; with {@code values} (one array per thread), the recording loop of {@code c}. */
    private static Run runThreads(Case c, int threads, long count, int run, int[] cpus, int[][] values)
            throws Exception {
        COUNTER_CELL.value = 0;
        SEQUENCE.setVolatile(0);
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        List<Thread> workers = new ArrayList<>();
        long[] perThread = new long[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread worker = new Thread(
                    () -> {
                        if (cpus.length > 0) {
                            CpuAffinity.pinCurrentThread(cpus[index % cpus.length]);
                        }
                        try {
                            start.await();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        perThread[index] = values != null
                                ? c == Case.ADD_AND_GET
                                        ? recordXadd(count, values[index])
                                        : recordCas(count, values[index])
                                : switch (c) {
                                    case GET_AND_ADD_UNUSED -> runAdd(count, threads);
                                    case ADD_AND_GET -> runXadd(count);
                                    case CAS_LOOP -> runCas(count);
                                    case CAE_LOOP -> runCae(count);
                                    case SEQUENCE_GET_AND_ADD -> runSequenceXadd(count);
                                    case SEQUENCE_CAS_LOOP -> runSequenceCas(count);
                                };
                    },
                    c + "-" + t);
            workers.add(worker);
            worker.start();
        }
        long begin = System.nanoTime();
        start.await();
        for (Thread worker : workers) {
            worker.join();
        }
        long duration = System.nanoTime() - begin;
        boolean onSequence = c == Case.SEQUENCE_GET_AND_ADD || c == Case.SEQUENCE_CAS_LOOP;
        long counter = onSequence ? SEQUENCE.getVolatile() : COUNTER_CELL.value;
        long expected = c == Case.GET_AND_ADD_UNUSED ? threads * (count / threads) : count;
        // the post's cas2 loop (CAE_LOOP) keeps incrementing while it collides, so it can overshoot
        // the count by more than one per thread: only the lower bound holds there
        long allowedOvershoot = c == Case.CAE_LOOP ? Long.MAX_VALUE - expected : threads;
        if (counter < expected || counter - expected > allowedOvershoot) {
            throw new IllegalStateException(
                    c + " with " + threads + " threads ended at " + counter + ", expected " + expected
                            + (c == Case.GET_AND_ADD_UNUSED
                                    ? ""
                                    : c == Case.CAE_LOOP ? " or more" : " (+ at most " + threads + ")"));
        }
        return new Run(c.name(), threads, run, count, counter, duration, perThread);
    }

    /**
     * One fork's work.
     *
     * @param count the increments per run
     * @param runs the runs; the first is the warm-up
     * @param threadCounts the thread counts to run each case with
     * @param cpus the CPUs to pin the threads to, one per core: thread i on the i-th (mod the list), as
     *     in C++; none: unpinned
     * @param round the lab's round: odd rounds run the cases in reverse order
     * @param record the increments of a recording run (0: none); each measured run then records {@link
     *     #RECORDED} at the largest thread count (run lengths)
     */
    public record Input(long count, int runs, List<Integer> threadCounts, List<Integer> cpus, int round, int record) {
        public Input {
            threadCounts = List.copyOf(threadCounts);
            cpus = List.copyOf(cpus);
        }
    }

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        int[] cpus = input.cpus().stream().mapToInt(Integer::intValue).toArray();
        for (int run = 0; run < input.runs(); run++) {
            int mostThreads = 1;
            for (Case c : Rounds.inTurn(List.of(Case.values()), input.round())) {
                for (int threads : input.threadCounts()) {
                    mostThreads = Math.max(mostThreads, threads);
                    ForkedJvm.emit(runOnce(c, threads, input.count(), run, cpus));
                }
            }
            if (input.record() > 0 && run > 0 && mostThreads > 1) {
                for (Case c : RECORDED) {
                    ForkedJvm.emit(recordOnce(c, mostThreads, input.record(), run, cpus));
                }
            }
        }
    }
}
