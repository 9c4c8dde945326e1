package mechsym.tools.platform;

/**
 * Text from outside mechsym (a peer's bytes, a file's content, a results file's keys) made safe to
 * print: every control character (C0, DEL, C1, so ESC and its sequences, line breaks and carriage
 * returns) and every bidirectional override becomes {@code \\uXXXX}, so a peer cannot retitle,
 * clear or recolour the terminal, split a one-line message or reorder what it shows. Printable
 * text, non-ASCII letters included, passes unchanged. Stateless and thread-safe.
 */
public final class TerminalText {
    private TerminalText() {}

    /** {@code text} with its control and bidirectional-override characters escaped; "null" for null. */
    public static String escape(CharSequence text) {
        if (text == null) {
            return "null";
        }
        int first = firstUnsafe(text);
        if (first < 0) {
            return text.toString();
        }
        StringBuilder shown = new StringBuilder(text.length() + 16);
        shown.append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (unsafe(c)) {
                shown.append(String.format("\\u%04X", (int) c));
            } else {
                shown.append(c);
            }
        }
        return shown.toString();
    }

    /**
     * At most {@code maxChars} of {@code text}, escaped, with "…" where it was cut: for quoting a
     * peer's answer in a one-line message.
     */
    public static String quote(CharSequence text, int maxChars) {
        if (text == null) {
            return "null";
        }
        boolean cut = text.length() > maxChars;
        return escape(cut ? text.subSequence(0, maxChars) : text) + (cut ? "…" : "");
    }

    private static int firstUnsafe(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            if (unsafe(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean unsafe(char c) {
        return Character.isISOControl(c)
                || (c >= '\u202A' && c <= '\u202E') // embeddings and overrides
                || (c >= '\u2066' && c <= '\u2069') // isolates
                || c == '\u200E'
                || c == '\u200F'
                || c == '\u061C';
    }
}
