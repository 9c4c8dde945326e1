package mechsym.lab.experiments.jdbcprefetch;

import static mechsym.lab.experiments.jdbcprefetch.JdbcPrefetchExperiment.FEW_ROWS;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Summary;
import mechsym.lab.experiments.jdbcprefetch.JdbcPrefetchExperiment.Plan;
import mechsym.tools.jdbc.RoundTripProxy;

/**
 * Every configuration of a {@link JdbcPrefetchExperiment.Plan}, measured one after another on fresh
 * connections: each query timed, its round trips and executes counted by the wire proxy (when there
 * is one), the bytes the reading thread allocated measured, and the rows read checked by their ids'
 * sum. Not thread-safe; one per run.
 */
final class Measurements {
    /** One query's cost: time, round trips and executes on the wire (-1 uncounted), bytes allocated. */
    record QueryCost(double micros, long roundTrips, long executes, long allocatedBytes) {}

    final List<Row> rows = new ArrayList<>();
    private final Plan plan;
    private final Dialect dialect;
    private final String url;
    private final RoundTripProxy proxy;
    private final RunContext context;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * One configuration's queries, one per round: its figures summarised, and each round's figure kept
     * so that two configurations compare round by round.
     */
    record Row(String way, int fetch, int resultRows, int read, List<QueryCost> rounds) {
        Summary micros() {
            return Summary.of(rounds.stream().map(QueryCost::micros).toList());
        }

        Summary roundTrips() {
            return Summary.of(rounds.stream().map(q -> (double) q.roundTrips()).toList());
        }

        Summary executes() {
            return Summary.of(rounds.stream().map(q -> (double) q.executes()).toList());
        }

        Summary allocated() {
            return Summary.of(
                    rounds.stream().map(q -> (double) q.allocatedBytes()).toList());
        }
    }

    /** One configuration: how the fetch size is set, and to what. */
    private record Setting(String way, int fetch) {}

    Measurements(Plan plan, Dialect dialect, String url, RoundTripProxy proxy, RunContext context) {
        this.plan = plan;
        this.dialect = dialect;
        this.url = url;
        this.proxy = proxy;
        this.context = context;
    }

    /**
     * Every configuration once per round, rounds one after another and the configurations' order
     * reversed every other round ({@link Rounds#inTurn}), so a figure compared between two fetch sizes
     * is compared round by round, both measured minutes apart at most under the same load.
     */
    void runAll() throws SQLException {
        List<Setting> settings = new ArrayList<>();
        plan.fetchSizes().forEach(f -> settings.add(new Setting("per statement", f)));
        plan.connectionWideFetchSizes().forEach(f -> settings.add(new Setting("connection-wide", f)));
        int shapes = plan.resultRows().stream().mapToInt(r -> reads(r).size()).sum();
        context.progress().start("queries", shapes * settings.size() * plan.repeats());
        warmUp();
        java.util.Map<Shape, List<QueryCost>> costs = new java.util.LinkedHashMap<>();
        for (Setting setting : settings) { // the rows in the plan's order, whatever the round's
            for (int resultRows : plan.resultRows()) {
                for (int read : reads(resultRows)) {
                    costs.put(key(setting, resultRows, read), new ArrayList<>());
                }
            }
        }
        for (int round = 0; round < plan.repeats(); round++) {
            for (Setting setting : Rounds.inTurn(settings, round)) {
                boolean perStatement = setting.way().equals("per statement");
                try (Connection c = connect(perStatement ? null : setting.fetch())) {
                    for (int resultRows : plan.resultRows()) {
                        for (int read : reads(resultRows)) {
                            query(c, resultRows, setting.fetch(), perStatement, read); // this shape's warm-up
                            costs.get(key(setting, resultRows, read))
                                    .add(query(c, resultRows, setting.fetch(), perStatement, read));
                            context.progress().step();
                        }
                    }
                }
            }
        }
        for (Setting setting : settings) {
            for (int resultRows : plan.resultRows()) {
                for (int read : reads(resultRows)) {
                    rows.add(new Row(
                            setting.way(),
                            setting.fetch(),
                            resultRows,
                            read,
                            List.copyOf(costs.get(key(setting, resultRows, read)))));
                }
            }
        }
        context.progress().finish();
    }

    private record Shape(Setting setting, int resultRows, int read) {}

    private static Shape key(Setting setting, int resultRows, int read) {
        return new Shape(setting, resultRows, read);
    }

    private void warmUp() throws SQLException {
        try (Connection c = connect(null)) {
            for (int i = 0; i < 20; i++) {
                query(c, 100, i % 2 == 0 ? 10 : 0, true, 100);
            }
        }
    }

    /** Every row, and only the first few when there are more. */
    static List<Integer> reads(int resultRows) {
        return resultRows <= FEW_ROWS ? List.of(resultRows) : List.of(resultRows, FEW_ROWS);
    }

    private Connection connect(Integer connectionWideFetch) throws SQLException {
        Properties properties = new Properties();
        if (connectionWideFetch != null && connectionWideFetch > 0) {
            properties.setProperty(dialect.defaultFetchProperty, Integer.toString(connectionWideFetch));
        }
        Connection c = DriverManager.getConnection(url, properties);
        c.setAutoCommit(false); // PostgreSQL's driver honours a fetch size only inside a transaction
        return c;
    }

    /** One query: execute, read {@code read} rows, close; timed, counted on the wire, its allocation measured. */
    QueryCost query(Connection c, int resultRows, int fetch, boolean perStatement, int read) throws SQLException {
        RoundTripProxy.Counts before = proxy != null ? proxy.counts() : null;
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        long start = System.nanoTime();
        long sum = 0;
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement(Dialect.QUERY)) {
            if (perStatement && fetch > 0) {
                ps.setFetchSize(fetch);
            }
            ps.setInt(1, resultRows);
            try (ResultSet rs = ps.executeQuery()) {
                while (n < read && rs.next()) {
                    sum += rs.getLong(1);
                    rs.getString(2);
                    rs.getBigDecimal(3);
                    rs.getTimestamp(4);
                    n++;
                }
            }
        }
        long elapsed = System.nanoTime() - start;
        long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        RoundTripProxy.Counts wire = proxy != null ? proxy.counts().minus(before) : null;
        c.commit();
        if (n != read || sum != (long) n * (n + 1) / 2) {
            throw new IllegalStateException(
                    "read " + n + " rows summing to " + sum + ", expected " + read + " rows (ids 1.." + read + ")");
        }
        return new QueryCost(
                elapsed / 1e3, wire != null ? wire.roundTrips() : -1, wire != null ? wire.executes() : -1, allocated);
    }
}
