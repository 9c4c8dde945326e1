package mechsym.lab.rigs.latency;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Table;
import mechsym.tools.latency.LatencyRecorder;
import org.HdrHistogram.Histogram;

/**
 * One case's latency distribution as the network experiments report it, in microseconds: the
 * summary figures and the points of a percentile curve ({@link #CURVE}), plus the losses and the CPU
 * its server burned when known. A plain record, so a forked JVM can emit it as JSON.
 *
 * @param name the case ("java spin cross-core", "ring 2 threads", ...)
 * @param count round trips recorded
 * @param curve the latency at each percentile of {@link #CURVE}, microseconds
 * @param lost messages never answered
 * @param cpuPercent CPU time of the server's threads over wall time, percent of one CPU; -1 unknown
 */
public record CaseLatency(
        String name,
        long count,
        double minUs,
        double meanUs,
        double p50Us,
        double p90Us,
        double p99Us,
        double p999Us,
        double p9999Us,
        double maxUs,
        double[] curve,
        long lost,
        double cpuPercent) {

    /** The percentiles of a curve: a percentile chart's x values. */
    public static final double[] CURVE = {50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

    /** The figures of {@code histogram} (nanoseconds). */
    public static CaseLatency of(String name, Histogram histogram, long lost, double cpuPercent) {
        double[] curve = new double[CURVE.length];
        for (int i = 0; i < CURVE.length; i++) {
            curve[i] = us(histogram.getValueAtPercentile(CURVE[i]));
        }
        boolean empty = histogram.getTotalCount() == 0;
        return new CaseLatency(
                name,
                histogram.getTotalCount(),
                empty ? 0 : us(histogram.getMinValue()),
                empty ? 0 : histogram.getMean() / 1000.0,
                us(histogram.getValueAtPercentile(50)),
                us(histogram.getValueAtPercentile(90)),
                us(histogram.getValueAtPercentile(99)),
                us(histogram.getValueAtPercentile(99.9)),
                us(histogram.getValueAtPercentile(99.99)),
                empty ? 0 : us(histogram.getMaxValue()),
                curve,
                lost,
                cpuPercent);
    }

    /** Writes {@code histogram} as {@code dir/name.hgrm} (spaces as dashes) and returns its figures. */
    public static CaseLatency recorded(String name, Histogram histogram, long lost, double cpuPercent, Path dir)
            throws IOException {
        LatencyRecorder.writeHgrm(histogram, dir.resolve(fileName(name) + ".hgrm"));
        return of(name, histogram, lost, cpuPercent);
    }

    /** A case name as a file name. */
    public static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9.-]+", "-");
    }

    private static double us(long nanos) {
        return nanos / 1000.0;
    }

    /** A table of summaries: the key columns given, then count, min, mean, p50..p99.99, max in µs, lost. */
    public static Table.Builder summaryTable(String id, String title, List<String> keyColumns) {
        Table.Builder table = Table.measured(id, title);
        keyColumns.forEach(table::column);
        return table.column("round trips", "count")
                .column("min", "µs")
                .column("mean", "µs")
                .column("p50", "µs")
                .column("p90", "µs")
                .column("p99", "µs")
                .column("p99.9", "µs")
                .column("p99.99", "µs")
                .column("max", "µs")
                .column("lost", "count");
    }

    /** This case's summary cells, after {@code keys}. */
    public Object[] summaryRow(Object... keys) {
        Object[] figures = {count, minUs, meanUs, p50Us, p90Us, p99Us, p999Us, p9999Us, maxUs, lost};
        Object[] row = new Object[keys.length + figures.length];
        System.arraycopy(keys, 0, row, 0, keys.length);
        System.arraycopy(figures, 0, row, keys.length, figures.length);
        return row;
    }

    /** A percentile table for charts: one row per (case, percentile). */
    public static Table percentileTable(String id, String title, List<CaseLatency> cases) {
        Table.Builder table = Table.measured(id, title)
                .column("case")
                .column("percentile", "%")
                .column("latency", "µs");
        for (CaseLatency c : cases) {
            for (int i = 0; i < CURVE.length; i++) {
                table.row(c.name(), CURVE[i], c.curve()[i]);
            }
        }
        return table.note("The latency at each percentile of each case's HdrHistogram (.hgrm files in the"
                        + " experiment's folder); the chart places percentile p at 1/(1-p) on a log axis, as"
                        + " HdrHistogram's plots do.")
                .build();
    }
}
