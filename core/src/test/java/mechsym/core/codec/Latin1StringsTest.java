package mechsym.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The String-internals test behind {@link Utf8Encoder}'s copy of ASCII Strings. Core's build runs this
 * class twice: in the ordinary test run (java.lang closed: never available, always null) and in the
 * {@code opened-java-lang} run with {@code --add-opens java.base/java.lang=ALL-UNNAMED}, which also
 * runs {@link Utf8Test} and the UTF-8 fuzz tests against the JDK's encoder, so both paths are checked
 * byte for byte.
 */
class Latin1StringsTest {
    private static final boolean OPENED = String.class.getModule().isOpen("java.lang", Latin1Strings.class.getModule());

    /** The build's second run says it opened java.lang (-Dmechsym.test.javaLangOpened=true); the first does not. */
    @Test
    void theRunIsTheOneItSaysItIs() {
        assertThat(OPENED).isEqualTo(Boolean.getBoolean("mechsym.test.javaLangOpened"));
    }

    @Test
    void availableExactlyWhenJavaLangIsOpenedToCore() {
        assertThat(Latin1Strings.AVAILABLE).as("java.lang opened: %s", OPENED).isEqualTo(OPENED);
    }

    @Test
    void asciiStringsStoredOneBytePerCharAreTheirOwnUtf8() {
        for (String text : new String[] {"", "a", "Hello, sympathy 42!", "x".repeat(1000), "\u0000\u007f"}) {
            byte[] bytes = Latin1Strings.asciiBytes(text);
            if (OPENED) {
                assertThat(bytes).as(text).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
            } else {
                assertThat(bytes).as("java.lang closed").isNull();
            }
        }
    }

    /**
     * Nothing that is not ASCII passes: Latin-1 chars 0x80..0xFF (one byte per char, top bit set), and
     * a UTF-16 String whose every low byte is ASCII (U+0141 and U+4E41 have the low byte 0x41, 'A').
     */
    @Test
    void nothingThatIsNotAsciiIsTakenForAscii() {
        String[] odd = {"\u0080", "\u00e9", "\u00ff", "\u0141", "\u4e41", "\ud83d\ude00", "\ud800"};
        for (String special : odd) {
            for (int length : new int[] {1, 7, 8, 9, 15, 16, 17, 64, 1000}) {
                for (int at = 0; at < length; at += Math.max(1, length / 9)) {
                    String text = "a".repeat(at) + special + "b".repeat(length - at - 1);
                    assertThat(Latin1Strings.asciiBytes(text))
                            .as("U+%04X at %d of %d", (int) special.charAt(0), at, length)
                            .isNull();
                }
            }
        }
    }

    /** Every length 0..80 with one top-bit byte at every position, and none: the 32-byte steps, the words and the tail. */
    @Test
    void isAsciiFindsATopBitAtEveryPositionOfTheWordsAndTheTail() {
        for (int length = 0; length <= 80; length++) {
            byte[] bytes = new byte[length];
            java.util.Arrays.fill(bytes, (byte) 0x7F);
            assertThat(Latin1Strings.isAscii(bytes))
                    .as("length %d, all 0x7F", length)
                    .isTrue();
            for (int at = 0; at < length; at++) {
                for (byte high : new byte[] {(byte) 0x80, (byte) 0xE9, (byte) 0xFF}) {
                    bytes[at] = high;
                    assertThat(Latin1Strings.isAscii(bytes))
                            .as("length %d, 0x%02X at %d", length, high & 0xFF, at)
                            .isFalse();
                }
                bytes[at] = 0x7F;
            }
        }
    }

    @Test
    void randomBytesAreAsciiExactlyWhenNoByteIsNegative() {
        Random random = new Random(4242);
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = new byte[random.nextInt(140)];
            for (int k = 0; k < bytes.length; k++) {
                bytes[k] = (byte) (random.nextInt(20) == 0 ? random.nextInt(256) : random.nextInt(128));
            }
            boolean ascii = true;
            for (byte b : bytes) {
                ascii &= b >= 0;
            }
            assertThat(Latin1Strings.isAscii(bytes)).isEqualTo(ascii);
        }
    }

    /** With java.lang opened an ASCII String needs room for its own length only, not three bytes a char. */
    @Test
    void anAsciiStringFillsATargetExactlyItsSizeAndOverflowsByOneWithNothingWritten() {
        Utf8Encoder encoder = new Utf8Encoder();
        for (int length : new int[] {1, 20, 64, 65, 1000, 3000}) {
            String text = "Hello, sympathy 42! ".repeat(length / 20 + 1).substring(0, length);
            CodecBuffer exact = CodecBuffer.of(new byte[length]);
            assertThat(encoder.encode(text, exact)).isEqualTo(length);
            assertThat(exact.position()).isEqualTo(length);
            assertThat(exact.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .isEqualTo(text.getBytes(StandardCharsets.US_ASCII));
            byte[] small = new byte[length - 1];
            CodecBuffer tooSmall = CodecBuffer.of(small);
            assertThat(encoder.encode(text, tooSmall)).isEqualTo(-length);
            assertThat(tooSmall.position()).isZero();
            if (OPENED) {
                assertThat(small).as("nothing written on overflow").isEqualTo(new byte[length - 1]);
            }
        }
    }

    @Test
    void theViewIsTheStringsOwnBytesReadOnlyOrNull() {
        String latin1 = "caf\u00e9 au lait";
        MemorySegment view = Latin1Strings.latin1View(latin1);
        assertThat(Latin1Strings.isAvailable()).isEqualTo(OPENED);
        if (!OPENED) {
            assertThat(view).as("java.lang closed").isNull();
            return;
        }
        assertThat(view.toArray(ValueLayout.JAVA_BYTE)).isEqualTo(latin1.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(view.isReadOnly()).isTrue();
        assertThatThrownBy(() -> view.set(ValueLayout.JAVA_BYTE, 0, (byte) 'C'))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(latin1).startsWith("caf");
        assertThat(Latin1Strings.latin1View("\u0141\u00f3d\u017a"))
                .as("stored as UTF-16")
                .isNull();
    }
}
