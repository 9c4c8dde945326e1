package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Coverage-guided fuzz tests (Jazzer) of UTF-8 on hostile input: the JDK's decoding and encoding
 * for every input, or the documented overflow and {@link CodecException} at an offset.
 *
 * <p>Under {@code ./mechsym test} each method runs in Jazzer's regression mode: once per input saved
 * in {@code src/test/resources/mechsym/core/codec/Utf8FuzzTestInputs/<method>/}, so the suite stays
 * quick and repeatable. {@code ./mechsym fuzz METHOD [DURATION]} fuzzes one method; a failing input
 * is written to that folder, where it stays as a regression test once the bug is fixed.
 */
class Utf8FuzzTest {
    /** One encoder for every input of a run: state left over from one encode must not leak into the next. */
    private static final Utf8Encoder REUSED_ENCODER = new Utf8Encoder();

    /**
     * Any bytes decode as the JDK decodes them, from a byte[], a heap slice and native memory (short
     * runs through the thread's scratch, long ones through a copy); and as a sequence of
     * length-prefixed strings, each is the JDK's decoding of its bytes or a {@link CodecException} at
     * its offset with the cursor where it was.
     */
    @FuzzTest(maxDuration = "2m")
    void utf8DecodesAsTheJdk(FuzzedDataProvider data) {
        int offset = data.consumeInt(0, 7);
        byte[] bytes = data.consumeRemainingAsBytes();
        String expected = new String(bytes, StandardCharsets.UTF_8);

        byte[] padded = new byte[offset + bytes.length];
        System.arraycopy(bytes, 0, padded, offset, bytes.length);
        assertThat(Utf8.decode(MemorySegment.ofArray(padded), offset, bytes.length))
                .isEqualTo(expected);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nativeBytes = arena.allocate(Math.max(1, padded.length));
            MemorySegment.copy(padded, 0, nativeBytes, ValueLayout.JAVA_BYTE, 0, padded.length);
            assertThat(Utf8.decode(nativeBytes, offset, bytes.length)).isEqualTo(expected);
        }

        CodecBuffer strings = CodecBuffer.of(bytes, ByteOrder.LITTLE_ENDIAN);
        while (strings.remaining() > 0) {
            long start = strings.position();
            try {
                String value = Utf8.decodeWithLength(strings);
                int length = (int) (strings.position() - start - Integer.BYTES);
                assertThat(value)
                        .isEqualTo(new String(bytes, (int) start + Integer.BYTES, length, StandardCharsets.UTF_8));
            } catch (CodecException e) {
                assertThat(e.offset()).isEqualTo(start);
                assertThat(strings.position()).isEqualTo(start);
                break;
            }
        }
    }

    /**
     * Any chars (lone surrogates included) into any backing with any room: the JDK's bytes and the
     * cursor moved past them, or the negated length needed with the cursor where it was; the same from
     * the static encoder, a reused one, and a CharSequence that is not a String.
     */
    @FuzzTest(maxDuration = "2m")
    void utf8EncodesAsTheJdkOrOverflows(FuzzedDataProvider data) {
        int backing = data.consumeInt(0, 3);
        int start = data.consumeInt(0, 9);
        int room = data.consumeInt(0, 3 * 1200);
        boolean asBuilder = data.consumeBoolean();
        char[] chars = new char[data.remainingBytes() / 2];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = data.consumeChar();
        }
        String text = new String(chars);
        byte[] expected = text.getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.encodedLength(text)).isEqualTo(expected.length);

        CharSequence input = asBuilder ? new StringBuilder(text) : text;
        for (int way = 0; way < 2; way++) {
            CodecBuffer buffer = buffer(backing, start + room);
            buffer.position(start);
            int result = way == 0 ? Utf8.encode(input, buffer) : REUSED_ENCODER.encode(input, buffer);
            if (expected.length <= room) {
                assertThat(result).isEqualTo(expected.length);
                assertThat(buffer.position()).isEqualTo(start + expected.length);
                byte[] written = new byte[expected.length];
                buffer.getBytes(start, written, 0, written.length);
                assertThat(written).isEqualTo(expected);
            } else {
                assertThat(result).isEqualTo(-expected.length);
                assertThat(buffer.position()).isEqualTo(start);
            }
        }
    }

    private static CodecBuffer buffer(int backing, int capacity) {
        return switch (backing) {
            case 0 -> CodecBuffer.of(new byte[capacity]);
            case 1 ->
                CodecBuffer.of(MemorySegment.ofArray(new byte[capacity + 3]).asSlice(3, capacity));
            case 2 -> CodecBuffer.of(ByteBuffer.allocateDirect(capacity));
            default -> CodecBuffer.of(ByteBuffer.allocate(capacity + 5).position(5));
        };
    }
}
