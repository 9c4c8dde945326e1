package mechsym.tools.dump;

import java.lang.reflect.Array;

/** Renders decoded field values as text: numbers as Java prints them, chars and strings quoted. */
final class ValueText {
    private ValueText() {}

    static String of(Object value) {
        if (value instanceof String text) {
            return quote(text, '"');
        }
        if (value instanceof Character c) {
            return quote(String.valueOf(c), '\'');
        }
        if (value != null && value.getClass().isArray()) {
            StringBuilder out = new StringBuilder("[");
            int length = Array.getLength(value);
            for (int i = 0; i < length; i++) {
                out.append(i == 0 ? "" : ", ").append(of(Array.get(value, i)));
            }
            return out.append(']').toString();
        }
        return String.valueOf(value);
    }

    /** Quotes text, escaping quotes, backslashes and anything not printable as {@code \\uXXXX}. */
    static String quote(String text, char quote) {
        StringBuilder out = new StringBuilder(text.length() + 2).append(quote);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == quote || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c < 0x20 || c == 0x7F || Character.isSurrogate(c) && !validPair(text, i) || c == 0xFFFD) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append(quote).toString();
    }

    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
