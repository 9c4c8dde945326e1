package mechsym.lab.report;

import java.util.Locale;

/** Number formatting shared by the HTML report, the terminal summary and comparisons. */
public final class Format {
    private Format() {}

    /** A figure with about three significant digits, thousands grouped; integers as they are. */
    public static String number(Object cell) {
        if (cell == null) {
            return "";
        }
        if (!(cell instanceof Number n)) {
            return String.valueOf(cell);
        }
        if (n instanceof Integer || n instanceof Long) {
            return String.format(Locale.ROOT, "%,d", n.longValue());
        }
        double v = n.doubleValue();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "–";
        }
        double abs = Math.abs(v);
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (abs >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (abs == 0) {
            return "0";
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    public static String bytes(long bytes) {
        if (bytes < 0) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
