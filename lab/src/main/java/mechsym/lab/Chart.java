package mechsym.lab;

import java.util.List;

/**
 * A chart drawn from tables of the same experiment; it holds no figures of its own.
 *
 * <p>Each listed table contributes one series per distinct value of its {@code series} column (or
 * one series named after the table's source when it has no such column): x from column {@code x},
 * y from column {@code y}. Listing a seed table beside a measured one puts the post's figures and
 * ours on one chart, each labelled with where it came from.
 *
 * @param id unique within the experiment; the chart's file name
 * @param title shown above the chart
 * @param kind bar (categories on x) or line (numbers on x)
 * @param tables ids of the tables to draw from
 * @param x the x column
 * @param y the y column
 * @param series the column whose values split a table into series, or null
 * @param yAxis the y axis title, with unit
 * @param logY whether the y axis is logarithmic
 */
public record Chart(
        String id,
        String title,
        Kind kind,
        List<String> tables,
        String x,
        String y,
        String series,
        String yAxis,
        boolean logY) {

    public enum Kind {
        BAR,
        LINE,
        /**
         * Latency by percentile, as HdrHistogram's plots draw it: x is a percentile (50, 99, 99.9, ...)
         * placed at 1/(1-p) on a log axis, so each added nine gets the same width.
         */
        PERCENTILE
    }

    public Chart {
        tables = Required.entries(tables, "tables");
    }

    public static Chart bar(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.BAR, tables, x, y, series, yAxis, false);
    }

    public static Chart line(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.LINE, tables, x, y, series, yAxis, false);
    }

    /** Latency (y, log scale) by percentile (x, column of percentiles such as 99.9), one line per series. */
    public static Chart percentiles(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.PERCENTILE, tables, x, y, series, yAxis, true);
    }

    public Chart withLogY() {
        return new Chart(id, title, kind, tables, x, y, series, yAxis, true);
    }
}
