package mechsym.tools.echo;

/**
 * The echo service's business logic: UTF-8 text upper-cased, byte array to byte array, validating
 * the input and allocating nothing.
 *
 * <p>Each code point maps through {@link Character#toUpperCase(int)}: one code point to one, so
 * {@code ß} stays {@code ß} where {@code String.toUpperCase} would write {@code SS}, and the result
 * does not depend on the default locale. A code point's upper case may need more UTF-8 bytes than
 * the original (U+0250 to U+2C6F: 2 to 3), so the output needs room for {@link #maxOutput(int)}
 * bytes. Invalid UTF-8 (a bad lead or continuation byte, an overlong form, a surrogate, a value
 * above U+10FFFF, a truncated sequence) is refused as a whole. Stateless and thread-safe.
 */
public final class UpperCase {
    /** Returned for input that is not valid UTF-8. */
    public static final int INVALID = -1;

    private UpperCase() {}

    /** The output room {@code inputLength} bytes may need: 3/2 of it, rounded up. */
    public static int maxOutput(int inputLength) {
        return inputLength + (inputLength + 1) / 2;
    }

    /**
     * Writes the upper case of {@code in[0, length)} into {@code out} from index 0.
     *
     * @return the number of bytes written, or {@link #INVALID}
     * @throws ArrayIndexOutOfBoundsException if {@code out} is shorter than {@link #maxOutput(int)}
     *     needs for this input
     */
    public static int apply(byte[] in, int length, byte[] out) {
        int o = 0;
        int i = 0;
        while (i < length) {
            int b = in[i];
            if (b >= 0) { // ASCII, the common case: no decoding
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
            o = encode(Character.toUpperCase(cp), out, o);
        }
        return o;
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
