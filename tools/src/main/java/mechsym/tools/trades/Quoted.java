package mechsym.tools.trades;

/**
 * Input quoted in an error message, cut to a bounded excerpt: a 30 MB field must not make a 30 MB
 * error line. Stateless and thread-safe.
 */
final class Quoted {
    /** The most characters of the input an error message shows. */
    static final int MAX_CHARS = 80;

    private Quoted() {}

    /** {@code 'text'}, or its first {@value #MAX_CHARS} characters and its length when longer. */
    static String of(CharSequence text) {
        if (text.length() <= MAX_CHARS) {
            return "'" + text + "'";
        }
        return "'" + text.subSequence(0, MAX_CHARS) + "...' (" + text.length() + " characters)";
    }
}
