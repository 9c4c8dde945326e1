package mechsym.tools.analyser;

import java.util.Arrays;
import java.util.Locale;

/** The post's buffer strategies. */
public enum Strategy {
    /** One packet, reused for everything: the cost of the framework itself. */
    DUMMY,
    /** A new packet (and, on the heap, a new buffer) per arriving packet; the GC frees them. */
    ALLOC,
    /** A pool of MIX_POOL_SIZE packets that allocates when empty and drops what returns when full. */
    MIX,
    /** A pool of POOL_SIZE packets made up front. */
    POOL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws IllegalArgumentException naming the text and the valid names
     */
    public static Strategy parse(String text) {
        for (Strategy s : values()) {
            if (s.label().equalsIgnoreCase(text.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + text + "' (expected one of "
                + String.join(", ", Arrays.stream(values()).map(Strategy::label).toList()) + ")");
    }
}
