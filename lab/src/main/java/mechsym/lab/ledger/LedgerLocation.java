package mechsym.lab.ledger;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the ledger lives: an SQLite file (the default, {@code ~/.mechsym/ledger.db}) or a PostgreSQL
 * database a team or a fleet shares ({@code jdbc:postgresql://host/db?user=..&password=..}).
 *
 * <p>An immutable value. {@link #toString()} never shows a password.
 *
 * @param jdbcUrl the JDBC URL the ledger is opened with
 * @param file the SQLite file, or null for PostgreSQL
 */
public record LedgerLocation(String jdbcUrl, Path file) {
    /** The environment variable that chooses the ledger when {@code --ledger} is not given. */
    public static final String ENVIRONMENT_VARIABLE = "MECHSYM_LEDGER";

    /** An SQLite file. */
    public static LedgerLocation file(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return new LedgerLocation("jdbc:sqlite:" + absolute, absolute);
    }

    /**
     * The ledger a user chose: {@code option} ({@code --ledger}) if given, else the environment's
     * {@value #ENVIRONMENT_VARIABLE}, else {@code ~/.mechsym/ledger.db}. A value starting with
     * {@code jdbc:} must be a PostgreSQL URL; anything else is a file path.
     *
     * @throws IllegalArgumentException naming the value and what was expected
     */
    public static LedgerLocation choose(String option, Map<String, String> environment) {
        String given = option != null && !option.isBlank() ? option : environment.get(ENVIRONMENT_VARIABLE);
        String where = option != null && !option.isBlank() ? "--ledger" : ENVIRONMENT_VARIABLE;
        if (given == null || given.isBlank()) {
            return file(Path.of(System.getProperty("user.home"), ".mechsym", "ledger.db"));
        }
        if (given.startsWith("jdbc:sqlite:")) {
            return file(Path.of(given.substring("jdbc:sqlite:".length())));
        }
        if (given.regionMatches(true, 0, "jdbc:", 0, 5)) {
            if (!given.regionMatches(true, 0, "jdbc:postgresql://", 0, 18)) {
                throw new IllegalArgumentException(where + " '" + redacted(given)
                        + "': expected a file or jdbc:postgresql://host[:port]/db?user=..&password=..");
            }
            return new LedgerLocation(given, null);
        }
        return file(Path.of(given));
    }

    /** True for a PostgreSQL ledger. */
    public boolean isPostgres() {
        return file == null;
    }

    /** The ledger as messages name it: the file, or the URL with its password replaced by ***. */
    @Override
    public String toString() {
        return file != null ? file.toString() : redacted(jdbcUrl);
    }

    static String redacted(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }
}
