package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Utf8#firstMalformed} finds the first ill-formed sequence exactly where the JDK's strict decoder does. */
class Utf8ValidationTest {
    private final CharsetDecoder strict = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    /** The JDK's answer: where its strict decoder stops on malformed input, or -1. */
    private long jdk(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CoderResult result = strict.reset().decode(in, CharBuffer.allocate(2 * bytes.length + 2), true);
        return result.isError() ? in.position() : -1;
    }

    private static long ours(byte[] bytes) {
        // an offset into a larger segment, so that index and length are both exercised
        MemorySegment segment = MemorySegment.ofArray(new byte[bytes.length + 7]);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 3, bytes.length);
        return Utf8.firstMalformed(segment, 3, bytes.length);
    }

    @Test
    void everySequenceOfUpToThreeBytesAgreesWithTheJdk() {
        for (int a = 0; a < 256; a++) {
            check(new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                check(new byte[] {(byte) a, (byte) b});
                if (a >= 0xE0 && a <= 0xF4) { // the leads whose third byte matters
                    for (int c = 0x70; c < 0xD0; c++) {
                        check(new byte[] {(byte) a, (byte) b, (byte) c});
                    }
                }
            }
        }
    }

    @Test
    void seededRandomBytesAgreeWithTheJdk() {
        Random random = new Random(20261122);
        int[] interesting = {
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF
        };
        for (int n = 0; n < 200_000; n++) {
            byte[] bytes = new byte[random.nextInt(12)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte)
                        (random.nextBoolean() ? interesting[random.nextInt(interesting.length)] : random.nextInt());
            }
            check(bytes);
        }
    }

    @Test
    void wellFormedTextOfEveryLengthIsWellFormed() {
        String text = "a\u00e9\u20ac\ud83d\ude80z\u0800\uffff\ud800\udc00\udbff\udfff";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(ours(bytes)).isEqualTo(-1);
        // the same bytes cut before their end: cut inside a sequence is where that sequence starts
        assertThat(ours(java.util.Arrays.copyOf(bytes, 2))).isEqualTo(1);
        assertThat(Utf8.firstMalformed(MemorySegment.ofArray(new byte[0]), 0, 0))
                .isEqualTo(-1);
    }

    @Test
    void aRangeOutsideTheSegmentIsRefused() {
        MemorySegment segment = MemorySegment.ofArray(new byte[4]);
        assertThatThrownBy(() -> Utf8.firstMalformed(segment, 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Utf8.firstMalformed(segment, 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    private void check(byte[] bytes) {
        assertThat(ours(bytes))
                .as("%s", java.util.HexFormat.ofDelimiter(" ").formatHex(bytes))
                .isEqualTo(jdk(bytes));
    }
}
