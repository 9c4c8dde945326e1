package mechsym.lab.experiments.jdbcprefetch;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What differs between the databases the experiment can measure: the table's SQL, the connection
 * property that sets a default fetch size for every statement, the driver's own default, and where the
 * host and port sit in the URL (so the round-trip proxy can be put in front). Stateless.
 */
enum Dialect {
    POSTGRES(
            "defaultRowFetchSize",
            "0 (all rows at once)",
            "create table mechsym_prefetch_rows (id bigint primary key, name varchar(40), amount numeric(12,2),"
                    + " created timestamp)",
            "insert into mechsym_prefetch_rows select g, 'row name ' || g, g * 1.25,"
                    + " timestamp '2013-04-08 00:00:00' + g * interval '1 second' from generate_series(1, ?) g",
            Pattern.compile("^(jdbc:postgresql://)([^/:?]+)(?::(\\d+))?(/.*)$"),
            5432),
    ORACLE(
            "defaultRowPrefetch",
            "10",
            "create table mechsym_prefetch_rows (id number(19) primary key, name varchar2(40), amount number(12,2),"
                    + " created timestamp)",
            "insert into mechsym_prefetch_rows select level, 'row name ' || level, level * 1.25,"
                    + " timestamp '2013-04-08 00:00:00' + numtodsinterval(level, 'SECOND') from dual connect by level <= ?",
            Pattern.compile("^(jdbc:oracle:thin:[^@]*@(?://)?)([^:/]+):(\\d+)(.*)$"),
            1521);

    static final String QUERY = "select id, name, amount, created from mechsym_prefetch_rows where id <= ? order by id";

    final String defaultFetchProperty;
    final String driverDefault;
    final String createTable;
    final String fillTable;
    private final Pattern hostPort;
    private final int defaultPort;

    Dialect(
            String defaultFetchProperty,
            String driverDefault,
            String createTable,
            String fillTable,
            Pattern hostPort,
            int defaultPort) {
        this.defaultFetchProperty = defaultFetchProperty;
        this.driverDefault = driverDefault;
        this.createTable = createTable;
        this.fillTable = fillTable;
        this.hostPort = hostPort;
        this.defaultPort = defaultPort;
    }

    /**
     * The dialect of a JDBC URL.
     *
     * @throws IllegalArgumentException for a database other than PostgreSQL or Oracle
     */
    static Dialect of(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:postgresql:")) {
            return POSTGRES;
        }
        if (lower.startsWith("jdbc:oracle:thin:")) {
            return ORACLE;
        }
        throw new IllegalArgumentException("--jdbc-url '" + url
                + "': expected a PostgreSQL (jdbc:postgresql://host:port/db?user=...&password=...) or Oracle thin"
                + " (jdbc:oracle:thin:user/password@//host:port/service) URL");
    }

    /** Where the URL connects: host and port, or empty if the URL's form is not one this reads. */
    Optional<HostPort> target(String url) {
        Matcher m = hostPort.matcher(url);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new HostPort(m.group(2), m.group(3) != null ? Integer.parseInt(m.group(3)) : defaultPort));
    }

    /** The URL with its host and port replaced by 127.0.0.1:{@code port} (the proxy's). */
    String through(String url, int port) {
        Matcher m = hostPort.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot find host:port in " + url);
        }
        return m.group(1) + "127.0.0.1:" + port + m.group(4);
    }

    record HostPort(String host, int port) {}
}
