package mechsym.tools.analyser;

import java.util.Locale;

/** Where packet buffers live. */
public enum Buffers {
    /** A heap ByteBuffer over a 1 KiB array per packet. */
    HEAP,
    /** A 1 KiB slot of one off-heap slab (FFM), the post's "native" buffers. */
    NATIVE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws IllegalArgumentException naming the text and the valid names
     */
    public static Buffers parse(String text) {
        for (Buffers b : values()) {
            if (b.label().equalsIgnoreCase(text.strip())) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown buffers '" + text + "' (expected heap or native)");
    }
}
