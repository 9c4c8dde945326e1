package mechsym.lab.experiments.serialisation;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The serialisation post's findings, judged on a run's figures (pure: figures in, verdict out): on its
 * Sandy Bridge Java Serialization took 133.8x the Unsafe write + read (10,301 / 77 ns) and ByteBuffer
 * 4.6x (354 / 77 ns), each over the rounds' per-round ratios, "at the post's size" meaning 75% of the
 * post's ratio or more; and the post's object took 340 bytes serialised against 185 in binary (facts
 * that do not vary).
 */
final class SerialisationClaims {
    static final double POST_SERIALIZATION_RATIO = 10_301.0 / 77;
    static final double POST_BYTE_BUFFER_RATIO = 354.0 / 77;
    /** A ratio "at the post's size" is at least this fraction of the post's. */
    static final double AT_SIZE = 0.75;

    static final int POST_SERIALIZED_BYTES = 340;
    static final int POST_BINARY_BYTES = 185;
    /** Java Serialization writes the class's name: the post's was this one. */
    static final String POST_CLASS_NAME = "ObjectToBeSerialised";

    private SerialisationClaims() {}

    /**
     * 340 bytes for the post's class name, moved by the difference in name length (UTF-8, ASCII
     * names): the measured class has the post's fields and serialVersionUID, so only its name differs.
     */
    static int expectedSerializedBytes(String className) {
        return POST_SERIALIZED_BYTES + className.length() - POST_CLASS_NAME.length();
    }

    static Verdict judge(SerialisationFigures f) {
        return Verdict.fromClaims(List.of(
                slower(f, SerialisationFigures.SERIALIZATION, POST_SERIALIZATION_RATIO),
                slower(f, SerialisationFigures.BYTE_BUFFER, POST_BYTE_BUFFER_RATIO),
                sizes(f)));
    }

    static Claim slower(SerialisationFigures f, String way, double postRatio) {
        String claim = String.format(
                Locale.ROOT, "%s write + read >= 75%% of the post's %.1fx the Unsafe one", way, postRatio);
        List<Double> ratios = f.ratios(way, SerialisationFigures.UNSAFE);
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, way + " and the post's Unsafe were not both measured");
        }
        return Claim.atLeast(
                claim, Measure.of(ratios, "x"), AT_SIZE * postRatio, way + " ns / Unsafe ns, write + read per round");
    }

    static Claim sizes(SerialisationFigures f) {
        String claim = "the post's object: 340 bytes by Java Serialization (for its class name), 185 in binary";
        Integer serialized = f.sizes().get("javaSerialization");
        Integer binary = f.sizes().get("unsafe");
        if (serialized == null || binary == null || f.className() == null) {
            return Claim.inconclusive(claim, "the encoded sizes were not measured");
        }
        int expected = expectedSerializedBytes(f.className());
        return Claim.judge(
                claim,
                serialized == expected && binary == POST_BINARY_BYTES,
                // the sizes are taken before the rounds and again after each, alike every time
                Measure.exact(serialized, "bytes", f.rounds().size() + 1),
                String.format(
                        Locale.ROOT,
                        "Java Serialization %d bytes (the post's 340 for '%s', so %d for '%s'), binary %d",
                        serialized,
                        POST_CLASS_NAME,
                        expected,
                        f.className(),
                        binary));
    }
}
