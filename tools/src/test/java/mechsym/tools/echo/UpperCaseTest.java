package mechsym.tools.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UpperCaseTest {
    private static String upper(String text) {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[UpperCase.maxOutput(in.length)];
        int n = UpperCase.apply(in, in.length, out);
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    private static int applyBytes(int... bytes) {
        byte[] in = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            in[i] = (byte) bytes[i];
        }
        return UpperCase.apply(in, in.length, new byte[UpperCase.maxOutput(in.length)]);
    }

    @Test
    void upperCasesAsciiAndOtherScriptsCodePointByCodePoint() {
        assertThat(upper("hello, world 42!")).isEqualTo("HELLO, WORLD 42!");
        assertThat(upper("grüße, ελλάδα, привет")).isEqualTo("GRÜßE, ΕΛΛΆΔΑ, ПРИВЕТ");
        assertThat(upper("𐐨")).isEqualTo("𐐀"); // Deseret: four bytes each way
        assertThat(upper("")).isEmpty();
    }

    @Test
    void aLetterWhoseUpperCaseNeedsMoreBytesFitsTheStatedRoom() {
        String text = "ɐɐɐ"; // U+0250, 2 bytes each; upper case U+2C6F, 3 bytes each
        assertThat(upper(text)).isEqualTo("ⱯⱯⱯ");
        assertThat(UpperCase.maxOutput(6)).isEqualTo(9);
    }

    @Test
    void refusesInvalidUtf8() {
        assertThat(applyBytes(0x80)).isEqualTo(UpperCase.INVALID); // lone continuation
        assertThat(applyBytes(0xC3)).isEqualTo(UpperCase.INVALID); // truncated
        assertThat(applyBytes(0xC0, 0xAF)).isEqualTo(UpperCase.INVALID); // overlong '/'
        assertThat(applyBytes(0xED, 0xA0, 0x80)).isEqualTo(UpperCase.INVALID); // surrogate D800
        assertThat(applyBytes(0xF4, 0x90, 0x80, 0x80)).isEqualTo(UpperCase.INVALID); // above U+10FFFF
        assertThat(applyBytes(0xFF)).isEqualTo(UpperCase.INVALID);
        assertThat(applyBytes('a', 0xE2, 0x82)).isEqualTo(UpperCase.INVALID);
    }

    @Test
    void agreesWithTheJdkOnRandomTextAndRandomBytes() {
        Random random = new Random(20);
        for (int round = 0; round < 2000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                int cp;
                do {
                    cp = random.nextInt(4) == 0 ? random.nextInt(0x11000) : 0x20 + random.nextInt(0x5E);
                } while (!Character.isValidCodePoint(cp) || (cp >= 0xD800 && cp <= 0xDFFF));
                text.appendCodePoint(cp);
            }
            StringBuilder expected = new StringBuilder();
            text.codePoints().forEach(cp -> expected.appendCodePoint(Character.toUpperCase(cp)));
            assertThat(upper(text.toString())).isEqualTo(expected.toString());

            byte[] noise = new byte[random.nextInt(20)];
            random.nextBytes(noise);
            int n = UpperCase.apply(noise, noise.length, new byte[UpperCase.maxOutput(noise.length)]);
            assertThat(n == UpperCase.INVALID).isEqualTo(!isValidUtf8(noise));
        }
    }

    private static boolean isValidUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }
}
