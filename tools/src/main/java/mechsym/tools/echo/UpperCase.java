package mechsym.tools.echo;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The echo service's business logic: UTF-8 text upper-cased, byte array to byte array, validating
 * the input and allocating nothing.
 *
 * <p>The answer is exactly what {@code String.toUpperCase(Locale.ROOT)} answers for the decoded
 * text, the mapping the seed post's service used: ASCII letters on a fast path, every other code
 * point through {@link Character#toUpperCase(int)}, except the few whose upper case is more than
 * one code point (Unicode's special casing, {@code ß} to {@code SS}, {@code ŉ} to {@code ʼN}, {@code
 * ΐ} to three code points), which map through a table made once from the JDK's own {@code
 * String.toUpperCase}. Upper casing in the root locale needs no context, so each code point maps on
 * its own. An upper case may take up to three times the UTF-8 bytes of its input ({@code ΐ}: 2 to
 * 6), so the output needs room for {@link #maxOutput(int)} bytes; a shorter output gives {@link
 * #TOO_LONG}. Invalid UTF-8 (a bad lead or continuation byte, an overlong form, a surrogate, a value
 * above U+10FFFF, a truncated sequence) is refused as a whole. Stateless and thread-safe.
 */
public final class UpperCase {
    /** Returned for input that is not valid UTF-8. */
    public static final int INVALID = -1;

    /** Returned when the upper case does not fit the output. */
    public static final int TOO_LONG = -2;

    /** Code points (sorted) whose upper case is more than one code point. */
    private static final int[] SPECIAL;

    /** The UTF-8 upper case of each of {@link #SPECIAL}. */
    private static final byte[][] SPECIAL_UTF8;

    static {
        int[] keys = new int[256];
        byte[][] values = new byte[256][];
        int n = 0;
        for (int cp = 0x80; cp <= 0xFFFF; cp++) { // special casing is in the BMP (UpperCaseTest checks all)
            if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
                continue;
            }
            String upper = Character.toString(cp).toUpperCase(Locale.ROOT);
            if (upper.length() > 1 && upper.codePointCount(0, upper.length()) > 1) {
                if (n == keys.length) {
                    keys = Arrays.copyOf(keys, n * 2);
                    values = Arrays.copyOf(values, n * 2);
                }
                keys[n] = cp;
                values[n++] = upper.getBytes(StandardCharsets.UTF_8);
            }
        }
        SPECIAL = Arrays.copyOf(keys, n);
        SPECIAL_UTF8 = Arrays.copyOf(values, n);
    }

    private UpperCase() {}

    /** The output room {@code inputLength} bytes may need: three times as many. */
    public static int maxOutput(int inputLength) {
        return 3 * inputLength;
    }

    /**
     * Writes the upper case of {@code in[0, length)} into {@code out} from index 0.
     *
     * @return the number of bytes written, {@link #INVALID}, or {@link #TOO_LONG} when {@code out} is
     *     shorter than this input's upper case (at most {@link #maxOutput(int)})
     */
    public static int apply(byte[] in, int length, byte[] out) {
        int o = 0;
        int i = 0;
        while (i < length) {
            int b = in[i];
            if (b >= 0) { // ASCII, the common case: no decoding
                if (o == out.length) {
                    return TOO_LONG;
                }
                out[o++] = (byte) (b >= 'a' && b <= 'z' ? b - 32 : b);
                i++;
                continue;
            }
            int cp;
            int need;
            int min;
            if ((b & 0xE0) == 0xC0) {
                cp = b & 0x1F;
                need = 1;
                min = 0x80;
            } else if ((b & 0xF0) == 0xE0) {
                cp = b & 0x0F;
                need = 2;
                min = 0x800;
            } else if ((b & 0xF8) == 0xF0) {
                cp = b & 0x07;
                need = 3;
                min = 0x10000;
            } else {
                return INVALID; // a continuation byte where a lead byte belongs, or 0xF8..0xFF
            }
            if (i + need >= length) {
                return INVALID; // truncated
            }
            for (int k = 1; k <= need; k++) {
                int c = in[i + k];
                if ((c & 0xC0) != 0x80) {
                    return INVALID;
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return INVALID; // overlong, beyond Unicode, or a surrogate
            }
            i += need + 1;
            int special = cp <= 0xFFFF ? Arrays.binarySearch(SPECIAL, cp) : -1;
            if (special >= 0) {
                byte[] upper = SPECIAL_UTF8[special];
                if (out.length - o < upper.length) {
                    return TOO_LONG;
                }
                System.arraycopy(upper, 0, out, o, upper.length);
                o += upper.length;
            } else {
                int upper = Character.toUpperCase(cp);
                if (out.length - o < utf8Length(upper)) {
                    return TOO_LONG;
                }
                o = encode(upper, out, o);
            }
        }
        return o;
    }

    private static int utf8Length(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    private static int encode(int cp, byte[] out, int o) {
        if (cp < 0x80) {
            out[o++] = (byte) cp;
        } else if (cp < 0x800) {
            out[o++] = (byte) (0xC0 | (cp >> 6));
            out[o++] = (byte) (0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out[o++] = (byte) (0xE0 | (cp >> 12));
            out[o++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            out[o++] = (byte) (0x80 | (cp & 0x3F));
        } else {
            out[o++] = (byte) (0xF0 | (cp >> 18));
            out[o++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            out[o++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            out[o++] = (byte) (0x80 | (cp & 0x3F));
        }
        return o;
    }
}
