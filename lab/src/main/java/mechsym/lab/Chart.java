package mechsym.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart drawn from tables of the same experiment; it holds no figures of its own.
 *
 * <p>Each listed table contributes one series per distinct value of its {@code series} column (or
 * of its own column in {@code tableSeries}; one series named after the table's source when it has no
 * such column): x from column {@code x}, y from column {@code y}. A series is named after the
 * table's source and the value; a number is named with its column ("threads 2"). Listing a seed table beside a measured one puts the post's figures and
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
 * @param tableSeries per table id, the column that splits that table into series instead of {@code series}:
 *     a seed table keeps the post's headers ("vm") where ours says "compiler"; empty when every table
 *     uses {@code series}
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
        boolean logY,
        Map<String, String> tableSeries) {

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
        // null: read from a results.json written before the field; kept in order for the file
        tableSeries = tableSeries == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tableSeries));
    }

    public static Chart bar(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.BAR, tables, x, y, series, yAxis, false, Map.of());
    }

    public static Chart line(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.LINE, tables, x, y, series, yAxis, false, Map.of());
    }

    /** Latency (y, log scale) by percentile (x, column of percentiles such as 99.9), one line per series. */
    public static Chart percentiles(
            String id, String title, List<String> tables, String x, String y, String series, String yAxis) {
        return new Chart(id, title, Kind.PERCENTILE, tables, x, y, series, yAxis, true, Map.of());
    }

    public Chart withLogY() {
        return new Chart(id, title, kind, tables, x, y, series, yAxis, true, tableSeries);
    }

    /** The same chart with table {@code table} split into series by {@code column} instead of {@link #series}. */
    public Chart withSeries(String table, String column) {
        if (!tables.contains(table)) {
            throw new IllegalArgumentException("chart '" + id + "' does not draw from table '" + table + "'");
        }
        Map<String, String> bySeries = new LinkedHashMap<>(tableSeries);
        bySeries.put(table, Required.field(column, "column"));
        return new Chart(id, title, kind, tables, x, y, series, yAxis, logY, bySeries);
    }

    /** The column that splits table {@code table} into series, or null for one series per table. */
    public String seriesOf(String table) {
        return tableSeries.getOrDefault(table, series);
    }
}
