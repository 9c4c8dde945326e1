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
            throw new IllegalArgumentException(Quoted.of(text) + " must be 1 to 4 characters");
        }
        int result = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < '!' || c > '~') {
                throw new IllegalArgumentException(Quoted.of(text) + " has a character that is not printable ASCII");
            }
            result |= c << (24 - 8 * i);
        }
        return result;
    }

    /**
     * The text of a packed code. A byte {@link #pack} would not have written (a damaged store) is
     * shown as {@code \\xNN}, so that it cannot act as a terminal control sequence.
     */
    public static String unpack(int code) {
        StringBuilder text = new StringBuilder(4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            int c = (code >>> shift) & 0xff;
            if (c == 0) {
                break;
            }
            if (c < '!' || c > '~') {
                text.append(String.format("\\x%02x", c));
            } else {
                text.append((char) c);
            }
        }
        return text.toString();
    }

    /** A trade's side as text: itself if printable ASCII (a damaged store may hold anything), else {@code \\uNNNN}. */
    public static String sideText(char side) {
        return side >= '!' && side <= '~' ? String.valueOf(side) : String.format("\\u%04x", (int) side);
    }
}
