package mechsym.lab.ledger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a figure's history moved beyond this machine's between-run noise.
 *
 * <p>The method (docs/ledger.md): at each run {@code i}, the up to {@code window} runs before it
 * are compared with the up to {@code window} runs from it on, when each side has at least {@link
 * #MIN_SIDE} runs. Run {@code i} starts a new level when both hold:
 *
 * <ol>
 *   <li>an exact two-sided Wilcoxon–Mann–Whitney rank test over the two sides gives p &lt; {@link
 *       #ALPHA} (the permutation distribution of the rank sum, enumerated; ties take mid-ranks);
 *   <li>the medians differ by more than either side's runs spread: {@code |median(after) -
 *       median(before)|} above the larger of the two ranges (max - min), the machine's own
 *       between-run noise.
 * </ol>
 *
 * Of consecutive runs that qualify, the one with the smallest p (then the largest shift) is marked.
 * Four runs a side is the fewest with which an exact two-sided rank test can reach p &lt; 0.05
 * (2/70); with three it cannot (2/20). On normal noise alone, 12 runs with a window of 5 show a
 * change in about 2% of series. Stateless.
 */
public final class ChangePoints {
    /** The significance level of the rank test. */
    public static final double ALPHA = 0.05;
    /** The fewest runs on each side of a change point. */
    public static final int MIN_SIDE = 4;
    /** The runs on each side compared by default. */
    public static final int DEFAULT_WINDOW = 5;
    /** The most runs on each side: the exact test enumerates C(2w, w) splits, 184,756 at 10. */
    public static final int MAX_WINDOW = 10;

    private ChangePoints() {}

    /** The indices of {@code values} (oldest first) where a new level starts. */
    public static List<Integer> find(List<Double> values, int window) {
        if (window < MIN_SIDE || window > MAX_WINDOW) {
            throw new IllegalArgumentException(
                    "a window of " + window + " runs: " + MIN_SIDE + " to " + MAX_WINDOW + " runs a side");
        }
        int size = values.size();
        double[] p = new double[size];
        double[] shift = new double[size];
        boolean[] qualifies = new boolean[size];
        for (int i = MIN_SIDE; i + MIN_SIDE <= size; i++) {
            double[] before = slice(values, Math.max(0, i - window), i);
            double[] after = slice(values, i, Math.min(size, i + window));
            p[i] = rankTestP(before, after);
            shift[i] = Math.abs(median(after) - median(before));
            double noise = Math.max(max(before) - min(before), max(after) - min(after));
            qualifies[i] = p[i] < ALPHA && shift[i] > noise;
        }
        List<Integer> points = new ArrayList<>();
        int i = 0;
        while (i < size) {
            if (!qualifies[i]) {
                i++;
                continue;
            }
            int best = i;
            while (i < size && qualifies[i]) {
                if (p[i] < p[best] || (p[i] == p[best] && shift[i] > shift[best])) {
                    best = i;
                }
                i++;
            }
            points.add(best);
        }
        return points;
    }

    /**
     * The exact two-sided p-value of the Wilcoxon–Mann–Whitney test: the share of the ways to split
     * the pooled mid-ranks into groups of these sizes whose rank sum lies at least as far from its
     * mean as the observed one.
     */
    static double rankTestP(double[] a, double[] b) {
        int n = a.length;
        int total = n + b.length;
        double[] pooled = new double[total];
        System.arraycopy(a, 0, pooled, 0, n);
        System.arraycopy(b, 0, pooled, n, b.length);
        double[] ranks = midRanks(pooled);
        double observed = 0;
        for (int i = 0; i < n; i++) {
            observed += ranks[i];
        }
        double mean = n * (total + 1) / 2.0;
        double distance = Math.abs(observed - mean) - 1e-9;
        long[] counts = new long[2]; // [as extreme, all]
        split(ranks, 0, n, 0, mean, distance, counts);
        return (double) counts[0] / counts[1];
    }

    private static void split(
            double[] ranks, int from, int left, double sum, double mean, double distance, long[] counts) {
        if (left == 0) {
            counts[1]++;
            if (Math.abs(sum - mean) >= distance) {
                counts[0]++;
            }
            return;
        }
        for (int i = from; i <= ranks.length - left; i++) {
            split(ranks, i + 1, left - 1, sum + ranks[i], mean, distance, counts);
        }
    }

    /** Ranks 1..n of the values, ties sharing the mean of their ranks. */
    static double[] midRanks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        double[] ranks = new double[values.length];
        int i = 0;
        while (i < order.length) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double[] slice(List<Double> values, int from, int to) {
        return values.subList(from, to).stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }
}
