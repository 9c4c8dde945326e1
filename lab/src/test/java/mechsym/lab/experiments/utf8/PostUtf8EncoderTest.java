package mechsym.lab.experiments.utf8;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The post's encoder, ported: the JDK's bytes for any valid text, and overflow reported in place. */
class PostUtf8EncoderTest {
    private final PostUtf8Encoder encoder = new PostUtf8Encoder();

    private static String randomText(SplittableRandom random, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            int kind = random.nextInt(5);
            int codePoint = switch (kind) {
                case 0, 1 -> random.nextInt(0x80);
                case 2 -> 0x80 + random.nextInt(0x780);
                case 3 -> 0x800 + random.nextInt(0xD000);
                default -> 0x10000 + random.nextInt(0xFFFFF);
            };
            text.appendCodePoint(codePoint);
        }
        return text.toString();
    }

    @Test
    void writesTheJdksBytesIntoHeapSlicesAndDirectBuffers() {
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < 500; i++) {
            String text = i % 3 == 0 ? "ascii only " + i : randomText(random, random.nextInt(60));
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            ByteBuffer heap = ByteBuffer.allocate(expected.length + 16)
                    .position(5)
                    .slice()
                    .position(3);
            ByteBuffer direct = ByteBuffer.allocateDirect(expected.length + 16).position(3);
            for (ByteBuffer target : new ByteBuffer[] {heap, direct}) {
                assertThat(encoder.encode(text, target)).as(text).isEqualTo(expected.length);
                assertThat(target.position()).isEqualTo(3 + expected.length);
                byte[] written = new byte[expected.length];
                target.get(3, written);
                assertThat(Arrays.equals(written, expected)).as(text).isTrue();
            }
        }
    }

    @Test
    void overflowLeavesThePositionWhereItWas() {
        for (String text : new String[] {"abcdef", "ab\u00e9\u6771\ud83d\ude80"}) {
            int length = text.getBytes(StandardCharsets.UTF_8).length;
            for (ByteBuffer target :
                    new ByteBuffer[] {ByteBuffer.allocate(length + 1), ByteBuffer.allocateDirect(length + 1)}) {
                target.position(2);
                assertThat(encoder.encode(text, target)).isEqualTo(PostUtf8Encoder.OVERFLOW);
                assertThat(target.position()).isEqualTo(2);
            }
        }
        assertThat(encoder.encode("a\ud83d", ByteBuffer.allocate(16))).isEqualTo(PostUtf8Encoder.OVERFLOW);
    }
}
