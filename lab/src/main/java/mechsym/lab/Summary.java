package mechsym.lab;

import java.util.Arrays;

/**
 * n repeated measurements of one quantity, summarised as min / median / max (and mean).
 *
 * <p>The lab never reports one timing: a figure is the median of repeated, interleaved runs, shown
 * with its spread.
 */
public record Summary(int n, double min, double median, double max, double mean) {

    public static Summary of(double... samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        double sum = 0;
        for (double s : sorted) {
            sum += s;
        }
        return new Summary(n, sorted[0], median, sorted[n - 1], sum / n);
    }

    public static Summary of(java.util.List<Double> samples) {
        return of(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** max / min: how noisy the runs were. */
    public double spread() {
        return min == 0 ? Double.NaN : max / min;
    }
}
