package mechsym.tools.schema;

/**
 * Schema text that does not parse. Carries the 1-based line and column of the offending token; the
 * message reads {@code line L, column C: what was wrong}. Immutable.
 */
public final class SchemaParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String reason;

    public SchemaParseException(int line, int column, String reason) {
        super("line " + line + ", column " + column + ": " + reason);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem (a tab counts as one column). */
    public int column() {
        return column;
    }

    /** What was wrong, without the position. */
    public String reason() {
        return reason;
    }
}
