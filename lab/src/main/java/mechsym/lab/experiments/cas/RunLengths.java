package mechsym.lab.experiments.cas;

import java.util.Arrays;

/**
 * How long a core kept the counter's cache line under contention, from one run that recorded the
 * counter value each increment obtained: a run is a maximal sequence of consecutive values obtained by
 * one thread (one core, the threads being pinned one per core), the increments that core made before
 * another took the line. The post's finding is that the contended benchmark measures this, not the
 * instruction. Computed here for the Java side; native/atomic_inc.cpp computes the same fields for C++.
 *
 * @param runs how many runs (handoffs of the line, plus one)
 * @param increments the increments they hold (the counter's final value)
 * @param p50 the median run length, in increments
 * @param p90 its 90th percentile
 * @param p99 its 99th percentile
 * @param max the longest run (a thread alone while its partner was off its core)
 * @param log2 runs by length: index b counts runs of 2^b to 2^(b+1) - 1 increments
 * @param contendedIncrements the increments made in runs shorter than {@link #SOLO_RUN}, while both
 *     threads were on their cores
 * @param contendedP50 the median length of those runs: how long a core keeps the line when another core
 *     wants it
 */
public record RunLengths(
        long runs,
        long increments,
        long p50,
        long p90,
        long p99,
        long max,
        long[] log2,
        long contendedIncrements,
        long contendedP50) {

    /**
     * A run this long (a third of a millisecond or more at a few ns an increment) is a thread alone while
     * its partner was off its core, a scheduler's time slice, not a core keeping the line against another.
     */
    static final long SOLO_RUN = 65_536;

    /**
     * The run lengths of one recorded run.
     *
     * @param values per thread, the counter values it obtained, in its order (only the first {@code
     *     counts[t]} of {@code values[t]} are used)
     * @param counts per thread, how many values it obtained
     * @param last the counter's final value: every value from 1 to it was obtained by exactly one thread
     */
    static RunLengths of(int[][] values, long[] counts, int last) {
        if (values.length > Short.MAX_VALUE) {
            throw new IllegalArgumentException("at most " + Short.MAX_VALUE + " threads, got " + values.length);
        }
        short[] owner = new short[last + 1];
        Arrays.fill(owner, (short) -1);
        for (short t = 0; t < values.length; t++) {
            for (int i = 0; i < counts[t]; i++) {
                owner[values[t][i]] = t;
            }
        }
        long[] lengths = new long[last];
        int n = 0;
        long length = 0;
        short current = -1;
        for (int v = 1; v <= last; v++) {
            if (owner[v] != current) {
                if (length > 0) {
                    lengths[n++] = length;
                }
                current = owner[v];
                length = 0;
            }
            length++;
        }
        if (length > 0) {
            lengths[n++] = length;
        }
        return ofLengths(Arrays.copyOf(lengths, n));
    }

    /** The distribution of the given run lengths, in any order. */
    static RunLengths ofLengths(long[] lengths) {
        long[] sorted = lengths.clone();
        Arrays.sort(sorted);
        long increments = 0;
        long contended = 0;
        int contendedRuns = 0;
        long[] log2 = new long[64];
        int buckets = 0;
        for (long length : sorted) {
            increments += length;
            if (length < SOLO_RUN) {
                contended += length;
                contendedRuns++;
            }
            int bucket = 63 - Long.numberOfLeadingZeros(length);
            log2[bucket]++;
            buckets = Math.max(buckets, bucket + 1);
        }
        int n = sorted.length;
        return new RunLengths(
                n,
                increments,
                at(sorted, 0.5),
                at(sorted, 0.9),
                at(sorted, 0.99),
                n == 0 ? 0 : sorted[n - 1],
                Arrays.copyOf(log2, buckets),
                contended,
                contendedRuns == 0 ? 0 : sorted[contendedRuns / 2]); // sorted: the contended runs come first
    }

    /** The same percentile rule as native/atomic_inc.cpp: the value at index floor(p n). */
    private static long at(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))];
    }

    /** The fraction of the increments made while both threads were on their cores. */
    double overlap() {
        return increments == 0 ? 0 : contendedIncrements / (double) increments;
    }

    /** Increments per run: the mean run length, long solo runs included. */
    double mean() {
        return runs == 0 ? 0 : increments / (double) runs;
    }

    /** The fraction of runs from {@code 2^from} increments up to {@code 2^to - 1} (to exclusive). */
    double shareOfRuns(int from, int to) {
        long in = 0;
        for (int b = from; b < Math.min(to, log2.length); b++) {
            in += log2[b];
        }
        return runs == 0 ? 0 : in / (double) runs;
    }
}
