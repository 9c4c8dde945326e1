package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The losing shapes kept beside core's encoder do what their comments say, the wrong one included. */
class AsciiLoopsTest {
    private static final String ASCII = Utf8Benchmark.text("ascii-long");

    @Test
    void theAsciiShapesWriteTheTextsBytes() {
        byte[] expected = ASCII.getBytes(StandardCharsets.US_ASCII);
        for (int way = 0; way < 5; way++) {
            byte[] array = new byte[expected.length + 8];
            MemorySegment segment = MemorySegment.ofArray(array);
            int written = switch (way) {
                case 0 -> AsciiLoops.asciiByteLoop(ASCII, segment, 0);
                case 1 -> AsciiLoops.asciiWordLoop(ASCII, segment, 0);
                case 2 -> AsciiLoops.asciiChunked(ASCII, segment, 0, new char[256], new byte[256]);
                case 3 -> AsciiLoops.checkThenSetString(ASCII, segment, 0);
                default -> AsciiLoops.lowBytesThenScanWrongForUtf16(ASCII, array, 0);
            };
            assertThat(written).as("way %d", way).isEqualTo(expected.length);
            assertThat(segment.asSlice(0, written).toArray(ValueLayout.JAVA_BYTE))
                    .isEqualTo(expected);
            assertThat(array[expected.length])
                    .as("way %d: nothing past the text", way)
                    .isZero();
        }
    }

    @Test
    void checkThenSetStringRefusesTextThatIsNotAscii() {
        MemorySegment segment = MemorySegment.ofArray(new byte[64]);
        assertThat(AsciiLoops.checkThenSetString("caf\u00e9", segment, 0)).isEqualTo(-1);
        assertThat(segment.get(ValueLayout.JAVA_BYTE, 0)).isZero();
    }

    @Test
    void theLowByteCopyTakesAUtf16StringForAscii() {
        // why core checks chars, not copied bytes: U+0141 copies as 'A' and the scan sees only ASCII
        String text = "\u0141odz is not ASCII";
        byte[] array = new byte[64];
        assertThat(AsciiLoops.lowBytesThenScanWrongForUtf16(text, array, 0)).isEqualTo(text.length());
        assertThat(new String(array, 0, text.length(), StandardCharsets.ISO_8859_1))
                .isEqualTo("Aodz is not ASCII");
        // while a Latin-1 char is caught by the scan
        assertThat(AsciiLoops.lowBytesThenScanWrongForUtf16("abcdefgh caf\u00e9", array, 0))
                .isEqualTo(8);
    }

    @Test
    void everyCaseOfTheBenchmarkAgreesWithTheJdk() {
        for (String text : new String[] {"ascii-short", "ascii-long", "mixed-short", "mixed-long"}) {
            for (String buffer : new String[] {"heap", "direct"}) {
                Utf8Benchmark benchmark = new Utf8Benchmark();
                benchmark.text = text;
                benchmark.buffer = buffer;
                benchmark.setUp(); // throws unless every way writes the JDK's bytes and decodes them back
                assertThat(benchmark.mechsym())
                        .isEqualTo(Utf8Benchmark.text(text).getBytes(StandardCharsets.UTF_8).length);
            }
        }
    }
}
