package mechsym.lab.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws a {@link Chart} from its experiment's tables with XChart, as PNG (embedded in the report)
 * and SVG (beside it). The figures come only from the tables: a chart has no data of its own.
 */
public final class ChartRenderer {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 460;
    /** Roughly what one character of an axis label takes at XChart's default font, in pixels. */
    private static final int LABEL_CHAR_WIDTH = 7;
    /** A longer series name is wrapped onto more legend lines (XChart splits a name at a newline). */
    static final int LEGEND_LINE_CHARS = 60;
    /** Roughly what one legend line takes at XChart's default legend font, in pixels. */
    private static final int LEGEND_LINE_HEIGHT = 17;
    /** Legend lines that {@link #HEIGHT} leaves room for; each one more makes the chart taller. */
    private static final int LEGEND_LINES_IN_HEIGHT = 3;
    /** A log axis spanning fewer decades than this labels its ticks between the powers of ten too. */
    private static final double FEW_DECADES = 2.0;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** One series: a label and its (x, y) points in table order. */
    record Series(String name, List<Object> x, List<Double> y) {}

    /** Files written for one chart. */
    public record Rendered(Path png, Path svg) {}

    private ChartRenderer() {}

    /** Collects the series a chart draws; visible for tests. */
    static List<Series> series(Chart chart, ExperimentResult result) {
        Map<String, Series> byName = new LinkedHashMap<>();
        for (String tableId : chart.tables()) {
            Table table = result.table(tableId);
            if (table == null) {
                throw new IllegalArgumentException(
                        "chart '" + chart.id() + "' refers to unknown table '" + tableId + "'");
            }
            int x = table.columnIndex(chart.x());
            int y = table.columnIndex(chart.y());
            if (x < 0 || y < 0) {
                throw new IllegalArgumentException("chart '" + chart.id() + "': table '" + tableId + "' has no column '"
                        + (x < 0 ? chart.x() : chart.y()) + "'");
            }
            String seriesColumn = chart.seriesOf(tableId);
            int s = seriesColumn == null ? -1 : table.columnIndex(seriesColumn);
            for (List<Object> row : table.rows()) {
                if (!(row.get(y) instanceof Number value)) {
                    continue;
                }
                String name = table.sourceLabel() + (s < 0 ? "" : " " + seriesLabel(seriesColumn, row.get(s)));
                Series series = byName.computeIfAbsent(name, n -> new Series(n, new ArrayList<>(), new ArrayList<>()));
                if (series.x().contains(row.get(x))) {
                    // a chart draws one point per series and x: a second one would be dropped unseen
                    throw new IllegalArgumentException("chart '" + chart.id() + "': series '" + name + "' has two"
                            + " points at " + chart.x() + " '" + row.get(x) + "' (table '" + tableId + "'); chart by"
                            + " a series column that tells them apart");
                }
                series.x().add(row.get(x));
                series.y().add(value.doubleValue());
            }
        }
        return new ArrayList<>(byName.values());
    }

    /** A series column's value as a legend names it: text as it is, a number with its column ("threads 2"). */
    static String seriesLabel(String column, Object value) {
        return value instanceof Number ? column + " " + value : String.valueOf(value);
    }

    public static Rendered render(Chart chart, ExperimentResult result, Path dir) throws IOException {
        List<Series> series = series(chart, result);
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart '" + chart.id() + "' has no numeric points");
        }
        org.knowm.xchart.internal.chartpart.Chart<?, ?> drawn =
                chart.kind() == Chart.Kind.BAR ? bar(chart, series) : line(chart, series);
        String base = result.id() + "-" + chart.id();
        Path png = dir.resolve(base + ".png");
        Path svg = dir.resolve(base + ".svg");
        try {
            try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(png)) {
                ChartEncoder.saveChart(drawn, out, "png");
            }
            try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(svg)) {
                ChartEncoder.saveChart(drawn, out, "svg");
            }
        } catch (IOException | RuntimeException e) {
            java.nio.file.Files.deleteIfExists(png);
            java.nio.file.Files.deleteIfExists(svg);
            throw e;
        }
        return new Rendered(png, svg);
    }

    private static CategoryChart bar(Chart spec, List<Series> series) {
        // XChart draws every series over the same categories. A missing point is left empty
        // (null) on a linear axis; a log axis accepts no empty point, so there only the categories
        // every series has are drawn (the tables still show all of them).
        Set<String> categories = new LinkedHashSet<>();
        series.forEach(s -> s.x().forEach(x -> categories.add(String.valueOf(x))));
        if (spec.logY()) {
            series.forEach(s ->
                    categories.retainAll(s.x().stream().map(String::valueOf).toList()));
        }
        List<String> xs = new ArrayList<>(categories);
        // Names that would run into each other are written upright, the chart taller by their length,
        // with a tick spacing hint small enough that XChart labels every category (with its default
        // hint, 74 px, it labels every other one of the queues' fifteen).
        boolean upright = labelsCollide(xs);
        int longest = xs.stream().mapToInt(String::length).max().orElse(0);
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(heightFor(series) + (upright ? longest * LABEL_CHAR_WIDTH : 0))
                .title(spec.title())
                .xAxisTitle(spec.x())
                .yAxisTitle(spec.yAxis())
                .build();
        if (upright) {
            chart.getStyler().setXAxisLabelRotation(90);
            chart.getStyler().setXAxisTickMarkSpacingHint(2 * LABEL_CHAR_WIDTH);
        }
        style(chart.getStyler(), spec);
        chart.getStyler().setOverlapped(false);
        List<Double> drawn = new ArrayList<>();
        for (Series s : series) {
            List<Double> ys = new ArrayList<>();
            for (String category : xs) {
                int i = indexOf(s.x(), category);
                ys.add(i < 0 ? null : s.y().get(i));
            }
            drawn.addAll(ys);
            chart.addSeries(legendName(s.name()), xs, ys);
        }
        if (spec.logY()) {
            // bars start at the axis minimum, which XChart needs set on a log axis
            double min = series.stream()
                    .flatMap(s -> s.y().stream())
                    .filter(v -> v > 0)
                    .min(Double::compare)
                    .orElse(1.0);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
            logTicks(chart.getStyler(), drawn);
        }
        return chart;
    }

    /** Where a percentile sits on HdrHistogram's axis: 1/(1-p), so 50 -> 2, 99 -> 100, 99.9 -> 1000. */
    static double percentileAxis(double percentile) {
        return 1.0 / (1.0 - Math.min(percentile, 99.9999) / 100.0);
    }

    /** The percentile an axis position stands for, as a label ("99.9%"). */
    static String percentileLabel(double axis) {
        double p = 100.0 * (1.0 - 1.0 / axis);
        return new java.math.BigDecimal(p)
                        .round(new java.math.MathContext(6))
                        .stripTrailingZeros()
                        .toPlainString() + "%";
    }

    /** Whether the category names, written level, would run into each other along the x axis. */
    static boolean labelsCollide(List<String> categories) {
        int longest = categories.stream().mapToInt(String::length).max().orElse(0);
        int plotWidth = WIDTH - 120; // the y axis, its title and the margins take the rest
        return categories.size() * (longest + 2) * LABEL_CHAR_WIDTH > plotWidth;
    }

    private static XYChart line(Chart spec, List<Series> series) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(heightFor(series))
                .title(spec.title())
                .xAxisTitle(spec.x())
                .yAxisTitle(spec.yAxis())
                .build();
        style(chart.getStyler(), spec);
        boolean percentiles = spec.kind() == Chart.Kind.PERCENTILE;
        for (Series s : series) {
            List<Double> xs = new ArrayList<>();
            for (Object x : s.x()) {
                double v = x instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(x));
                xs.add(percentiles ? percentileAxis(v) : v);
            }
            chart.addSeries(legendName(s.name()), xs, s.y());
        }
        if (percentiles) {
            chart.getStyler().setXAxisLogarithmic(true);
            chart.setCustomXAxisTickLabelsFormatter(ChartRenderer::percentileLabel);
        }
        if (spec.logY()) {
            logTicks(
                    chart.getStyler(),
                    series.stream().flatMap(s -> s.y().stream()).toList());
        }
        return chart;
    }

    /**
     * The chart's height: {@link #HEIGHT}, and more for each legend line past the few it has room for.
     * The legend sits below the plot, one line per series name line, and XChart takes its room out of
     * the plot: 20 series left the offheap runs chart a plot one pixel high.
     */
    static int heightFor(List<Series> series) {
        int lines = 0;
        for (Series s : series) {
            lines += legendName(s.name()).split("\n", -1).length;
        }
        return HEIGHT + Math.max(0, lines - LEGEND_LINES_IN_HEIGHT) * LEGEND_LINE_HEIGHT;
    }

    /**
     * A series name wrapped at spaces onto lines of at most {@link #LEGEND_LINE_CHARS} characters; a
     * word longer than that stays whole on a line of its own.
     */
    static String legendName(String name) {
        StringBuilder wrapped = new StringBuilder();
        int lineLength = 0;
        for (String word : name.split(" ")) {
            if (lineLength > 0 && lineLength + 1 + word.length() > LEGEND_LINE_CHARS) {
                wrapped.append('\n');
                lineLength = 0;
            } else if (lineLength > 0) {
                wrapped.append(' ');
                lineLength++;
            }
            wrapped.append(word);
            lineLength += word.length();
        }
        return wrapped.toString();
    }

    /**
     * A log axis labels only powers of ten by default, and a line chart spanning one decade then showed
     * a single label ("1E9") for 2.8E8 to 3.9E9. Over few decades every tick is labelled; labels are
     * written with SI prefixes (500M, 3.5G), as {@link #siLabel} does.
     */
    private static void logTicks(org.knowm.xchart.style.AxesChartStyler styler, List<Double> drawn) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Double y : drawn) {
            if (y != null && y > 0) {
                min = Math.min(min, y);
                max = Math.max(max, y);
            }
        }
        if (max > 0 && Math.log10(max / min) < FEW_DECADES) {
            styler.setYAxisLogarithmicDecadeOnly(false);
        }
        styler.setYAxisTickLabelsFormattingFunction(ChartRenderer::siLabel);
    }

    /**
     * A tick label of two significant digits in all, with an SI prefix: 0.25, 40, 3.5k, 500M, 3G
     * (999,600 rounds to 1M, not 1000k).
     */
    static String siLabel(double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        String[] prefixes = {"", "k", "M", "G", "T", "P"};
        java.math.MathContext twoDigits = new java.math.MathContext(2);
        java.math.BigDecimal rounded = new java.math.BigDecimal(value).round(twoDigits);
        java.math.BigDecimal thousand = java.math.BigDecimal.valueOf(1000);
        int k = 0;
        while (k < prefixes.length - 1 && rounded.abs().compareTo(thousand) >= 0) {
            rounded = rounded.divide(thousand).round(twoDigits);
            k++;
        }
        return rounded.stripTrailingZeros().toPlainString() + prefixes[k];
    }

    private static void style(Styler styler, Chart spec) {
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        styler.setPlotBackgroundColor(java.awt.Color.WHITE);
        styler.setChartTitleBoxVisible(false);
        if (styler instanceof org.knowm.xchart.style.AxesChartStyler axes) {
            axes.setYAxisLogarithmic(spec.logY());
            axes.setPlotGridVerticalLinesVisible(false);
        }
    }

    private static int indexOf(List<Object> xs, String category) {
        for (int i = 0; i < xs.size(); i++) {
            if (String.valueOf(xs.get(i)).equals(category)) {
                return i;
            }
        }
        return -1;
    }
}
