package mechsym.lab;

/**
 * Checks that a field of a result record is present, naming it if not: the records are also read
 * back from results.json, where a missing or null field would otherwise surface as a bare
 * NullPointerException far from the file (in {@code mechsym lab compare}).
 */
final class Required {
    private Required() {}

    /** {@code value}, or an {@link IllegalArgumentException} saying that {@code name} is missing. */
    static <T> T field(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException("'" + name + "' is missing");
        }
        return value;
    }
}
