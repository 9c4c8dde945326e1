package mechsym.lab;

import java.util.Locale;

/** How big and how long a lab run is. */
public enum Profile {
    /** Default: the whole lab in about 20 minutes on 2 vCPUs, sizes still far beyond the caches. */
    QUICK,
    /** The seed's own sizes and run counts. */
    FULL,
    /**
     * A smoke test: the smallest sizes that still run every code path (the end-to-end tests use it).
     * Not a measurement.
     */
    TINY;

    /** What a reader of this profile's report must know before reading any figure, or null. */
    public String caveat() {
        return this == TINY
                ? "profile tiny is a smoke test: every experiment ran end to end, but its figures are not"
                        + " measurements and its verdicts do not count"
                : null;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The caveat of the profile labelled {@code label} (as results.json names it), or null if none or unknown. */
    public static String caveatOf(String label) {
        for (Profile p : values()) {
            if (p.label().equals(label)) {
                return p.caveat();
            }
        }
        return null;
    }

    public static Profile parse(String text) {
        for (Profile p : values()) {
            if (p.label().equalsIgnoreCase(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "' (expected quick, full or tiny)");
    }

    /** Picks the value for this profile. */
    public <T> T pick(T tiny, T quick, T full) {
        return switch (this) {
            case TINY -> tiny;
            case QUICK -> quick;
            case FULL -> full;
        };
    }

    public int pick(int tiny, int quick, int full) {
        return switch (this) {
            case TINY -> tiny;
            case QUICK -> quick;
            case FULL -> full;
        };
    }

    public long pick(long tiny, long quick, long full) {
        return switch (this) {
            case TINY -> tiny;
            case QUICK -> quick;
            case FULL -> full;
        };
    }
}
