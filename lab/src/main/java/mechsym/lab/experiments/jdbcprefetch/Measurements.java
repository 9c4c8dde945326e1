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

    record Row(
            String way,
            int fetch,
            int resultRows,
            int read,
            Summary micros,
            Summary roundTrips,
            Summary executes,
            Summary allocated) {}

    Measurements(Plan plan, Dialect dialect, String url, RoundTripProxy proxy, RunContext context) {
        this.plan = plan;
        this.dialect = dialect;
        this.url = url;
        this.proxy = proxy;
        this.context = context;
    }

    void runAll() throws SQLException {
        int shapes = plan.resultRows().stream().mapToInt(r -> reads(r).size()).sum();
        int configs = shapes
                * (plan.fetchSizes().size() + plan.connectionWideFetchSizes().size());
        context.progress().start("queries", configs);
        warmUp();
        for (int fetch : plan.fetchSizes()) {
            try (Connection c = connect(null)) {
                measureEach(c, "per statement", fetch);
            }
        }
        for (int fetch : plan.connectionWideFetchSizes()) {
            try (Connection c = connect(fetch)) {
                measureEach(c, "connection-wide", fetch);
            }
        }
        context.progress().finish();
    }

    private void warmUp() throws SQLException {
        try (Connection c = connect(null)) {
            for (int i = 0; i < 20; i++) {
                query(c, 100, i % 2 == 0 ? 10 : 0, true, 100);
            }
        }
    }

    private void measureEach(Connection c, String way, int fetch) throws SQLException {
        boolean perStatement = way.equals("per statement");
        for (int resultRows : plan.resultRows()) {
            for (int read : reads(resultRows)) {
                query(c, resultRows, fetch, perStatement, read); // warm-up of this shape, not kept
                List<QueryCost> costs = new ArrayList<>();
                for (int r = 0; r < plan.repeats(); r++) {
                    costs.add(query(c, resultRows, fetch, perStatement, read));
                }
                rows.add(new Row(
                        way,
                        fetch,
                        resultRows,
                        read,
                        Summary.of(costs.stream().map(QueryCost::micros).toList()),
                        Summary.of(
                                costs.stream().map(q -> (double) q.roundTrips()).toList()),
                        Summary.of(
                                costs.stream().map(q -> (double) q.executes()).toList()),
                        Summary.of(costs.stream()
                                .map(q -> (double) q.allocatedBytes())
                                .toList())));
                context.progress().step();
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
