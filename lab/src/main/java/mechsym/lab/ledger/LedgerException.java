package mechsym.lab.ledger;

/**
 * The ledger could not be opened, read or written: the message is one line naming the ledger and
 * why (locked, corrupt, read-only, unreachable, written by a newer mechsym).
 */
public final class LedgerException extends Exception {
    private static final long serialVersionUID = 1L;

    public LedgerException(String message, Throwable cause) {
        super(message, cause);
    }

    public LedgerException(String message) {
        super(message);
    }

    /** The first line of the deepest message in {@code e}'s causes: the database's own words. */
    static String why(Throwable e) {
        String message = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        return message.lines()
                .findFirst()
                .orElse("")
                .replaceAll("^\\[SQLITE_\\w+\\]\\s*", "")
                .trim();
    }
}
