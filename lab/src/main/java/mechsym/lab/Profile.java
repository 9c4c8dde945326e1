package mechsym.lab;

import java.util.Locale;

/** How big and how long a lab run is. */
public enum Profile {
    /** Default: the whole lab in about ten minutes on 2 cores, sizes still far beyond the caches. */
    QUICK,
    /** The seed's own sizes and run counts. */
    FULL,
    /** For tests only: the smallest sizes that still exercise every code path. Not a measurement. */
    TINY;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
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
