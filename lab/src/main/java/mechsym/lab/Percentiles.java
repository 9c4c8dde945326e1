package mechsym.lab;

import java.util.function.LongToDoubleFunction;
import mechsym.tools.latency.LatencySummary;

/**
 * A latency distribution as a table row shows it: p50, p99, p99.9 and max, in one unit. A cell of
 * this type fills the four columns {@link Table.Builder#percentileColumns(String)} adds, as a {@link
 * Summary} fills {@link Table.Builder#summaryColumns(String)}.
 *
 * <p>An immutable value, safe to share between threads. Any figure may be NaN: not measured.
 */
public record Percentiles(double p50, double p99, double p999, double max) {

    /** No figures (every one NaN): a case that recorded no latency. */
    public static final Percentiles MISSING = new Percentiles(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /**
     * The figures of {@code summary}, whose values are nanoseconds, each converted by {@code unit}
     * (nanoseconds to the table's unit, e.g. {@code nanos -> nanos / 1e6} for ms).
     */
    public static Percentiles of(LatencySummary summary, LongToDoubleFunction unit) {
        return new Percentiles(
                unit.applyAsDouble(summary.p50Nanos()),
                unit.applyAsDouble(summary.p99Nanos()),
                unit.applyAsDouble(summary.p999Nanos()),
                unit.applyAsDouble(summary.maxNanos()));
    }
}
