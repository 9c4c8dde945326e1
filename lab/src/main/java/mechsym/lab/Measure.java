package mechsym.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A figure that decides something (a sub-claim, a goal, a {@code lab compare} line): the median of
 * {@code n} independent repetitions (forked JVMs or rounds, never iterations of one fork) with a
 * confidence interval for that median, and the line it is judged against.
 *
 * <p>The interval is distribution-free: the order statistics {@code [x(k), x(n+1-k)]} of the sorted
 * repetitions, with the largest {@code k} whose coverage {@code 1 - 2 P(Bin(n, 1/2) < k)} is at least
 * 95% (Hahn &amp; Meeker, <i>Statistical Intervals</i>, 1991, §5.2; Conover, <i>Practical Nonparametric
 * Statistics</i>, §3.2). It assumes only that repetitions are independent and alike, not that they are
 * normal: timings are skewed and have outliers. Below six repetitions no order statistic reaches 95%,
 * and the interval is the whole range {@code [min, max]} with its true, lower coverage {@code 1 -
 * 2^(1-n)} (75% at 3, 87.5% at 4, 93.75% at 5), which {@link #confidence} states. Where a ratio of two
 * variants decides, the repetitions are the per-repetition ratios (both sides measured in the same
 * round, interleaved, see {@link Rounds}), so drift that moves both sides cancels. docs/statistics.md
 * says how to read one.
 *
 * @param value the median of the repetitions
 * @param low the interval's lower end ({@code low <= value})
 * @param high its upper end ({@code value <= high})
 * @param confidence the interval's coverage, 0.95 or more from six repetitions on
 * @param n the number of repetitions
 * @param unit the unit ("ns", "x" for a ratio)
 * @param line the line the figure is judged against, or null when none (a figure shown, not judged)
 */
public record Measure(double value, double low, double high, double confidence, int n, String unit, Double line) {
    /** The coverage an interval is built to reach. */
    public static final double LEVEL = 0.95;

    public Measure {
        if (n < 1) {
            throw new IllegalArgumentException("a measure needs at least one repetition, got " + n);
        }
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException(
                    "a measure's interval must hold its value: " + low + " <= " + value + " <= " + high);
        }
    }

    /** Where a figure's interval lies against a line. */
    public enum Side {
        /** Wholly at or above the line. */
        ABOVE,
        /** Wholly below it. */
        BELOW,
        /** The line falls inside the interval: the figures do not decide. */
        STRADDLES
    }

    /** The median of {@code repetitions} with its interval. */
    public static Measure of(List<Double> repetitions, String unit) {
        return of(repetitions.stream().mapToDouble(Double::doubleValue).toArray(), unit);
    }

    /** The median of {@code repetitions} with its interval; NaN repetitions are refused. */
    public static Measure of(double[] repetitions, String unit) {
        if (repetitions.length == 0) {
            throw new IllegalArgumentException("no repetitions");
        }
        double[] sorted = repetitions.clone();
        Arrays.sort(sorted);
        if (Double.isNaN(sorted[sorted.length - 1])) {
            throw new IllegalArgumentException("a repetition is not a number: " + Arrays.toString(repetitions));
        }
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        int k = orderStatistic(n);
        return new Measure(median, sorted[k - 1], sorted[n - k], coverage(n, k), n, unit, null);
    }

    /**
     * The per-repetition ratios {@code ours[r] / theirs[r]} (round by round, see {@link
     * Rounds#ratios}) as a measure in the unit "x".
     */
    public static Measure ratio(List<Double> ours, List<Double> theirs) {
        List<Double> ratios = Rounds.ratios(ours, theirs);
        if (ratios.isEmpty()) {
            throw new IllegalArgumentException("no round measured both sides");
        }
        return of(ratios, "x");
    }

    /**
     * A fact, not a timing: a count or size that does not vary (bytes encoded, instructions found) seen
     * {@code n} times alike, or a count over {@code n} observations (outcomes among samples); no interval.
     */
    public static Measure exact(double value, String unit, int n) {
        return new Measure(value, value, value, 1.0, n, unit, null);
    }

    /** This measure judged against {@code line}. */
    public Measure against(double line) {
        return new Measure(value, low, high, confidence, n, unit, line);
    }

    /** Where the interval lies against {@code line}: wholly at or above it, wholly below, or across it. */
    public Side side(double line) {
        if (low >= line && high > line || low > line) {
            return Side.ABOVE;
        }
        return high < line ? Side.BELOW : Side.STRADDLES;
    }

    /** Whether the interval is a real one: two repetitions or more. */
    public boolean hasInterval() {
        return n >= 2;
    }

    /** "1.9x, 95% CI 1.6–2.3x, n=8" (or "min–max 1.6–2.3x (87.5%), n=4" below six repetitions). */
    public String text() {
        if (n == 1) {
            return number(value) + unitSuffix() + ", one repetition (no interval)";
        }
        if (low == high) {
            return number(value) + unitSuffix() + " in each of " + n;
        }
        String interval = number(low) + "–" + number(high) + unitSuffix();
        String label = confidence >= LEVEL
                ? percent(LEVEL) + " CI " + interval
                : "min–max " + interval + " (" + percent(confidence) + " CI)";
        return number(value) + unitSuffix() + ", " + label + ", n=" + n;
    }

    private String unitSuffix() {
        if (unit == null || unit.isBlank()) {
            return "";
        }
        return unit.equals("x") || unit.equals("%") ? unit : " " + unit;
    }

    /** Three significant figures, no exponent for the magnitudes figures have. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 0.1 || a == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static String percent(double p) {
        double pct = p * 100;
        return pct == Math.rint(pct)
                ? String.format(Locale.ROOT, "%.0f%%", pct)
                : String.format(Locale.ROOT, "%.1f%%", pct);
    }

    /**
     * The largest k (1-based) whose interval {@code [x(k), x(n+1-k)]} covers the median with
     * probability at least {@link #LEVEL}; 1 (the whole range) when none does.
     */
    /**
     * The fewest repetitions whose interval leaves out the smallest and the largest (9 at 95%): below
     * it the interval is the range, so another repetition can widen it but never narrow it.
     */
    public static int repetitionsToDropExtremes() {
        int n = 2;
        while (orderStatistic(n) < 2) {
            n++;
        }
        return n;
    }

    static int orderStatistic(int n) {
        int best = 1;
        for (int k = 1; k <= (n + 1) / 2; k++) {
            if (coverage(n, k) >= LEVEL) {
                best = k;
            } else {
                break;
            }
        }
        return best;
    }

    /** {@code 1 - 2 P(Bin(n, 1/2) <= k-1)}: the chance {@code [x(k), x(n+1-k)]} holds the true median. */
    static double coverage(int n, int k) {
        if (n == 1) {
            return 0;
        }
        double tail = 0;
        double term = Math.pow(0.5, n); // C(n, 0) / 2^n
        for (int i = 0; i < k; i++) {
            tail += term;
            term = term * (n - i) / (i + 1);
        }
        return Math.max(0, 1 - 2 * tail);
    }
}
