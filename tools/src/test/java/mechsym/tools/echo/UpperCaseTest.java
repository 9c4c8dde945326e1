package mechsym.tools.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
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
        assertThat(upper("grüße, ελλάδα, привет")).isEqualTo("GRÜSSE, ΕΛΛΆΔΑ, ПРИВЕТ");
        assertThat(upper("straße")).isEqualTo("STRASSE");
        assertThat(upper("\u0149 \uFB03 \u0390")).isEqualTo("\u02BCN FFI \u0399\u0308\u0301");
        assertThat(upper("𐐨")).isEqualTo("𐐀"); // Deseret: four bytes each way
        assertThat(upper("")).isEmpty();
    }

    @Test
    void aLetterWhoseUpperCaseNeedsMoreBytesFitsTheStatedRoom() {
        String text = "ɐɐɐ"; // U+0250, 2 bytes each; upper case U+2C6F, 3 bytes each
        assertThat(upper(text)).isEqualTo("ⱯⱯⱯ");
        assertThat(UpperCase.maxOutput(6)).isEqualTo(18);
    }

    @Test
    void everyCodePointAsTheJdkUpperCasesItInTheRootLocaleWithinTheStatedRoom() {
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
                continue;
            }
            String text = Character.toString(cp);
            byte[] in = text.getBytes(StandardCharsets.UTF_8);
            byte[] out = new byte[UpperCase.maxOutput(in.length)];
            int n = UpperCase.apply(in, in.length, out);
            byte[] expected = text.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
            if (n != expected.length || !java.util.Arrays.equals(out, 0, n, expected, 0, n)) {
                throw new AssertionError(String.format(
                        "U+%04X: %s, not %s",
                        cp, n < 0 ? n : new String(out, 0, n, StandardCharsets.UTF_8), text.toUpperCase(Locale.ROOT)));
            }
        }
    }

    @Test
    void anOutputTooShortForTheUpperCaseIsRefusedNotCutShort() {
        byte[] in = "aß".getBytes(StandardCharsets.UTF_8); // 3 bytes; "ASS" needs 3
        assertThat(UpperCase.apply(in, in.length, new byte[2])).isEqualTo(UpperCase.TOO_LONG);
        assertThat(UpperCase.apply(in, in.length, new byte[3])).isEqualTo(3);
        byte[] iota = "ΐ".getBytes(StandardCharsets.UTF_8); // 2 bytes; 6 upper-cased
        assertThat(UpperCase.apply(iota, iota.length, new byte[5])).isEqualTo(UpperCase.TOO_LONG);
        assertThat(UpperCase.apply("a".getBytes(StandardCharsets.UTF_8), 1, new byte[0]))
                .isEqualTo(UpperCase.TOO_LONG);
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
                    int kind = random.nextInt(8);
                    cp = kind == 0
                            ? random.nextInt(0x110000)
                            : kind == 1 ? random.nextInt(0x11000) : kind == 2 ? 0xDF : 0x20 + random.nextInt(0x5E);
                } while (!Character.isValidCodePoint(cp) || (cp >= 0xD800 && cp <= 0xDFFF));
                text.appendCodePoint(cp);
            }
            assertThat(upper(text.toString())).isEqualTo(text.toString().toUpperCase(Locale.ROOT));

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
