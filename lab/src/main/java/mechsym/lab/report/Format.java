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

    /**
     * Text from outside (a peer, a file, a results key) made safe for a terminal: control characters
     * (C0, DEL, C1, and the bidirectional overrides) are written as {@code \\uXXXX}, so an escape
     * sequence can neither retitle, clear nor recolour the terminal it is printed on.
     */
    public static String printable(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20
                    || (c >= 0x7f && c <= 0x9f)
                    || (c >= 0x202a && c <= 0x202e)
                    || (c >= 0x2066 && c <= 0x2069);
            if (control) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    public static String bytes(long bytes) {
        if (bytes < 0) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
