package mechsym.lab.rigs.latency;

import java.util.Locale;

/** Figures written for a verdict's or a goal's sentence. Stateless. */
public final class Findings {
    private Findings() {}

    /** A figure for a sentence: "12.3 µs", or "missing". */
    public static String us(Double value) {
        return value == null ? "missing" : String.format(Locale.ROOT, "%.1f µs", value);
    }

    /** A ratio for a sentence: "1.23x", "2990x", "0.00416x" (three significant digits below 0.1). */
    public static String ratio(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0fx", value);
        }
        return value >= 0.1 || value == 0
                ? String.format(Locale.ROOT, "%.2fx", value)
                : String.format(Locale.ROOT, "%.3gx", value);
    }
}
