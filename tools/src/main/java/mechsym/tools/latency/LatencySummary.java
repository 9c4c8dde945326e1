package mechsym.tools.latency;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * A latency distribution reduced to the figures people compare: count, min, mean, 50/90/99/99.9/99.99
 * percentiles and max, in nanoseconds, with the load mode that produced them. Immutable.
 *
 * @param count number of recorded values
 * @param minNanos smallest value
 * @param meanNanos mean
 * @param p50Nanos 50th percentile (HdrHistogram's value at percentile, 3 significant digits)
 * @param p90Nanos 90th percentile
 * @param p99Nanos 99th percentile
 * @param p999Nanos 99.9th percentile
 * @param p9999Nanos 99.99th percentile
 * @param maxNanos largest value
 * @param mode how the load was applied
 */
public record LatencySummary(
        long count,
        long minNanos,
        double meanNanos,
        long p50Nanos,
        long p90Nanos,
        long p99Nanos,
        long p999Nanos,
        long p9999Nanos,
        long maxNanos,
        LoadMode mode) {

    /** The percentiles a summary carries, in order, with their labels. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    /** The summary of {@code histogram}, whose values are nanoseconds. An empty histogram gives zeros. */
    public static LatencySummary of(AbstractHistogram histogram, LoadMode mode) {
        if (histogram.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, mode);
        }
        return new LatencySummary(
                histogram.getTotalCount(),
                histogram.getMinValue(),
                histogram.getMean(),
                histogram.getValueAtPercentile(50),
                histogram.getValueAtPercentile(90),
                histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9),
                histogram.getValueAtPercentile(99.99),
                histogram.getMaxValue(),
                mode);
    }

    /**
     * The figures by name, in nanoseconds, in report order: {@code count, min, mean, p50, p90, p99,
     * p99.9, p99.99, max}, then {@code mode} (its {@link LoadMode#id()}). For JSON output.
     */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("count", count);
        map.put("minNanos", minNanos);
        map.put("meanNanos", meanNanos);
        map.put("p50Nanos", p50Nanos);
        map.put("p90Nanos", p90Nanos);
        map.put("p99Nanos", p99Nanos);
        map.put("p99.9Nanos", p999Nanos);
        map.put("p99.99Nanos", p9999Nanos);
        map.put("maxNanos", maxNanos);
        map.put("mode", mode.id());
        return map;
    }

    /** One line in microseconds, e.g. {@code n=100000 min=21.3 mean=25.0 p50=24.6 ... max=412.7 us (closed-loop)}. */
    public String toLine() {
        return String.format(
                Locale.ROOT,
                "n=%d min=%.1f mean=%.1f p50=%.1f p90=%.1f p99=%.1f p99.9=%.1f p99.99=%.1f max=%.1f us (%s)",
                count,
                micros(minNanos),
                meanNanos / 1000.0,
                micros(p50Nanos),
                micros(p90Nanos),
                micros(p99Nanos),
                micros(p999Nanos),
                micros(p9999Nanos),
                micros(maxNanos),
                mode.id());
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
