package mechsym.lab.experiments.serialisation;

import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The serialisation verdict from a run's write + read totals and encoded sizes, at the post's sizes:
 * on its Sandy Bridge Java Serialization took 133.8x the Unsafe total (10,301 / 77 ns) and ByteBuffer
 * 4.6x (354 / 77 ns), and the post's object took 340 bytes serialised against 185 in binary. Pure:
 * figures in, verdict out.
 */
final class SerialisationVerdict {
    static final double POST_SERIALIZATION_RATIO = 10_301.0 / 77;
    static final double POST_BYTE_BUFFER_RATIO = 354.0 / 77;
    /** A ratio "at the post's size" is at least this fraction of the post's. */
    static final double AT_SIZE = 0.75;

    static final int POST_SERIALIZED_BYTES = 340;
    static final int POST_BINARY_BYTES = 185;
    /** Java Serialization writes the class's name: the post's was this one. */
    static final String POST_CLASS_NAME = "ObjectToBeSerialised";

    /**
     * A run's figures, any of them null when not measured.
     *
     * @param serialization Java Serialization's write + read, ns
     * @param byteBuffer ByteBuffer's
     * @param unsafe the post's Unsafe original's
     * @param serializedBytes Java Serialization's encoded size
     * @param binaryBytes the Unsafe original's encoded size
     * @param className the serialised class's name, whose length moves Java Serialization's size
     */
    record Figures(
            Double serialization,
            Double byteBuffer,
            Double unsafe,
            Integer serializedBytes,
            Integer binaryBytes,
            String className) {}

    private SerialisationVerdict() {}

    /**
     * 340 bytes for the post's class name, moved by the difference in name length (UTF-8, ASCII
     * names): the measured class has the post's fields and serialVersionUID, so only its name differs.
     */
    static int expectedSerializedBytes(String className) {
        return POST_SERIALIZED_BYTES + className.length() - POST_CLASS_NAME.length();
    }

    static Verdict judge(Figures f) {
        if (f.serialization() == null || f.byteBuffer() == null || f.unsafe() == null || f.unsafe() <= 0) {
            return Verdict.inconclusive("Java Serialization, ByteBuffer and the post's Unsafe were not all measured,"
                    + " so their ratios could not be taken.");
        }
        double serialRatio = f.serialization() / f.unsafe();
        double bufferRatio = f.byteBuffer() / f.unsafe();
        boolean order = f.serialization() > f.byteBuffer() && f.byteBuffer() > f.unsafe();
        boolean serialAtSize = serialRatio >= AT_SIZE * POST_SERIALIZATION_RATIO;
        boolean bufferAtSize = bufferRatio >= AT_SIZE * POST_BYTE_BUFFER_RATIO;
        String sizes;
        Boolean sizesMatch;
        if (f.serializedBytes() == null || f.binaryBytes() == null || f.className() == null) {
            sizes = "The encoded sizes were not measured.";
            sizesMatch = null;
        } else {
            int expected = expectedSerializedBytes(f.className());
            sizesMatch = f.serializedBytes() == expected && f.binaryBytes() == POST_BINARY_BYTES;
            sizes = String.format(
                    Locale.ROOT,
                    "Sizes: Java Serialization %d bytes (the post's 340 for '%s', so %d for '%s'), binary %d (the"
                            + " post's 185) -> %s.",
                    f.serializedBytes(),
                    POST_CLASS_NAME,
                    expected,
                    f.className(),
                    f.binaryBytes(),
                    sizesMatch ? "as the post's" : "not as the post's");
        }
        String reason = String.format(
                Locale.ROOT,
                "Java Serialization is %.0fx and ByteBuffer %.1fx the Unsafe write + read (the post on Sandy Bridge:"
                        + " %.0fx and %.1fx; at the post's size means %.0f%% of it or more): %s, %s; the order"
                        + " Serialization > ByteBuffer > Unsafe %s. %s",
                serialRatio,
                bufferRatio,
                POST_SERIALIZATION_RATIO,
                POST_BYTE_BUFFER_RATIO,
                100 * AT_SIZE,
                serialAtSize ? "Serialization at the post's size" : "Serialization below it",
                bufferAtSize ? "ByteBuffer at the post's size" : "ByteBuffer below it",
                order ? "holds" : "does not hold",
                sizes);
        if (order && serialAtSize && bufferAtSize && Boolean.TRUE.equals(sizesMatch)) {
            return Verdict.reproduced(reason);
        }
        if (order || serialRatio >= 10) {
            return Verdict.partly(reason);
        }
        return Verdict.notReproduced(reason);
    }
}
