package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The check-then-copy shapes write the JDK's bytes for ASCII, refuse other text (-1), and leave the byte after alone. */
class AsciiCheckThenCopyTest {
    private static final String[] ASCII = {
        Utf8Benchmark.text("ascii-short"), Utf8Benchmark.text("ascii-long"), "x".repeat(2500), "a"
    };
    /** Latin-1 non-ASCII, and U+0141 whose low byte is 'A' (a low-byte copy would pass it). */
    private static final String[] NOT_ASCII = {"caf\u00e9", "\u0141odz", "x".repeat(1500) + "\u0141", "\u00ff"};

    private static int encode(int way, String text, byte[] array, MemorySegment segment) {
        return switch (way) {
            case 0 -> AsciiCheckThenCopy.checkThenGetBytes(text, array, 3, AsciiCheckThenCopy.AsciiTest.INT_OR);
            case 1 -> AsciiCheckThenCopy.checkThenGetBytes(text, array, 3, AsciiCheckThenCopy.AsciiTest.CHAR_OR);
            case 2 -> AsciiCheckThenCopy.checkThenGetBytes(text, array, 3, AsciiCheckThenCopy.AsciiTest.MASK_MISMATCH);
            case 3 -> AsciiCheckThenCopy.encoderIntoTarget(text, array, 3);
            case 4 -> AsciiCheckThenCopy.intOrThenSetString(text, segment, 3);
            case 5 -> AsciiCheckThenCopy.charAtThenSetString(text, segment, 3);
            default -> AsciiCheckThenCopy.charAtThenSegmentCopy(text, segment, 3);
        };
    }

    @Test
    void asciiTextIsWrittenExactlyAndTheByteAfterKept() {
        try (Arena arena = Arena.ofConfined()) {
            for (String text : ASCII) {
                byte[] expected = text.getBytes(StandardCharsets.US_ASCII);
                for (int way = 0; way < 7; way++) {
                    if (way == 6 && text.length() > 1024) {
                        continue; // the segment-copy shape is for short Strings (one scratch chunk)
                    }
                    byte[] array = new byte[expected.length + 8];
                    MemorySegment segment = way < 4 ? MemorySegment.ofArray(array) : arena.allocate(array.length);
                    segment.fill((byte) 0x77);
                    int written = encode(way, text, array, segment);
                    assertThat(written)
                            .as("way %d, %d chars", way, text.length())
                            .isEqualTo(expected.length);
                    assertThat(segment.asSlice(3, written).toArray(ValueLayout.JAVA_BYTE))
                            .isEqualTo(expected);
                    assertThat(segment.get(ValueLayout.JAVA_BYTE, 3 + written))
                            .as("way %d: the byte after the text", way)
                            .isEqualTo((byte) 0x77);
                    assertThat(segment.get(ValueLayout.JAVA_BYTE, 2)).isEqualTo((byte) 0x77);
                }
            }
        }
    }

    @Test
    void textThatIsNotAsciiIsRefused() {
        for (String text : NOT_ASCII) {
            for (int way = 0; way < 7; way++) {
                byte[] array = new byte[3 * text.length() + 8];
                assertThat(encode(way, text, array, MemorySegment.ofArray(array)))
                        .as("way %d: %s", way, text.length() > 10 ? "long" : text)
                        .isEqualTo(-1);
            }
        }
    }
}
