package mechsym.tools.trades;

/**
 * Venue and instrument codes: one to four ASCII characters packed into an int, first character in
 * the top byte, as the post's {@code pack} does ({@code "BHP"} is {@code 'B' << 24 | 'H' << 16 |
 * 'P' << 8}). Stateless and thread-safe.
 */
public final class Codes {
    private Codes() {}

    /**
     * Packs {@code text}.
     *
     * @throws IllegalArgumentException unless it is 1 to 4 characters from '!' to '~'
     */
    public static int pack(CharSequence text) {
        int length = text.length();
        if (length < 1 || length > 4) {
            throw new IllegalArgumentException("'" + text + "' must be 1 to 4 characters");
        }
        int result = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < '!' || c > '~') {
                throw new IllegalArgumentException("'" + text + "' has a character that is not printable ASCII");
            }
            result |= c << (24 - 8 * i);
        }
        return result;
    }

    /** The text of a packed code. */
    public static String unpack(int code) {
        StringBuilder text = new StringBuilder(4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            int c = (code >>> shift) & 0xff;
            if (c == 0) {
                break;
            }
            text.append((char) c);
        }
        return text.toString();
    }
}
