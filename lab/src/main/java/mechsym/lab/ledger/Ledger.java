package mechsym.lab.ledger;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.results.LabRun;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;

/**
 * The ledger of lab runs: an SQLite file or a PostgreSQL database, its schema versioned by Flyway
 * migrations ({@code mechsym/lab/ledger/migration}), one transaction per recorded run (a run killed
 * while it is written leaves the ledger as it was). See docs/ledger.md.
 *
 * <p>Not thread-safe: one {@code Ledger} per thread. Several processes may write one ledger at once:
 * SQLite serialises their transactions (a writer waits up to {@link #BUSY_TIMEOUT_MS} for the lock),
 * PostgreSQL runs them side by side; a run is identified by its machine, start time and command, so
 * recording it twice adds nothing.
 */
public final class Ledger implements AutoCloseable {
    /** The schema version this mechsym writes: the highest migration it carries. */
    public static final int SCHEMA_VERSION = 1;
    /** How long a writer waits for another's lock on an SQLite ledger before giving up. */
    public static final int BUSY_TIMEOUT_MS = 10_000;
    /** How long a PostgreSQL ledger may take to answer a connection or a statement, in seconds. */
    static final int NETWORK_TIMEOUT_S = 10;

    private static final String MIGRATIONS = "classpath:mechsym/lab/ledger/migration";

    private final LedgerLocation location;
    private final Connection connection;

    private Ledger(LedgerLocation location, Connection connection) {
        this.location = location;
        this.connection = connection;
    }

    /**
     * Opens the ledger, creating it (and an SQLite file's folder) when it does not exist and bringing
     * its schema up to {@link #SCHEMA_VERSION}.
     *
     * @throws LedgerException naming the ledger and why: locked, corrupt, read-only, unreachable, or
     *     written by a newer mechsym (refused, never altered)
     */
    public static Ledger open(LedgerLocation location) throws LedgerException {
        if (location.file() != null && location.file().getParent() != null) {
            try {
                Files.createDirectories(location.file().getParent());
            } catch (IOException e) {
                throw new LedgerException(
                        "ledger " + location + ": cannot create its folder (" + LedgerException.why(e) + ")", e);
            }
        }
        Connection connection = null;
        try {
            connection = connect(location);
            if (appliedVersion(connection) != SCHEMA_VERSION) {
                migrate(location); // Flyway decides: create, upgrade, or refuse a newer schema
            }
            return new Ledger(location, connection);
        } catch (LedgerException e) {
            throw e;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw new LedgerException("ledger " + location + ": " + LedgerException.why(e), e);
        }
    }

    public LedgerLocation location() {
        return location;
    }

    /**
     * The highest schema version Flyway applied, read directly (starting Flyway costs a second or two
     * in a fresh JVM, which every lab run would pay); -1 when the ledger has no schema yet or it
     * cannot be read that way, which leaves the decision to Flyway.
     */
    private static int appliedVersion(Connection connection) {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT version FROM ledger_schema_history WHERE success = "
                        + (isPostgres(connection) ? "true" : "1") + " AND version IS NOT NULL")) {
            int highest = -1;
            while (rs.next()) {
                highest = Math.max(highest, Integer.parseInt(rs.getString(1)));
            }
            return highest;
        } catch (SQLException | NumberFormatException e) {
            return -1;
        }
    }

    private static boolean isPostgres(Connection connection) throws SQLException {
        return connection
                .getMetaData()
                .getDatabaseProductName()
                .toLowerCase(java.util.Locale.ROOT)
                .contains("postgres");
    }

    private static void migrate(LedgerLocation location) throws LedgerException {
        Flyway flyway = Flyway.configure(Ledger.class.getClassLoader())
                .dataSource(new OneUrl(location))
                .locations(MIGRATIONS)
                .table("ledger_schema_history")
                .cleanDisabled(true)
                .load();
        MigrationInfo current = flyway.info().current();
        if (current != null
                && current.getVersion() != null
                && current.getVersion().isNewerThan(String.valueOf(SCHEMA_VERSION))) {
            throw new LedgerException("ledger " + location + ": written by a newer mechsym (schema version "
                    + current.getVersion() + ", this mechsym knows up to " + SCHEMA_VERSION
                    + "): refused, left unchanged");
        }
        MigrationVersion ours = MigrationVersion.fromVersion(String.valueOf(SCHEMA_VERSION));
        if (current == null || !ours.equals(current.getVersion())) {
            try {
                flyway.migrate();
            } catch (RuntimeException e) {
                // two runs opening a new SQLite ledger at once: the other may have just migrated it
                MigrationInfo now = flyway.info().current();
                if (now == null || !ours.equals(now.getVersion())) {
                    throw e;
                }
            }
        }
    }

    static Connection connect(LedgerLocation location) throws SQLException {
        Properties properties = new Properties();
        if (location.isPostgres()) {
            properties.setProperty("connectTimeout", String.valueOf(NETWORK_TIMEOUT_S));
            properties.setProperty("loginTimeout", String.valueOf(NETWORK_TIMEOUT_S));
            properties.setProperty("socketTimeout", String.valueOf(6 * NETWORK_TIMEOUT_S));
        } else {
            if (!location.jdbcUrl().contains("busy_timeout=")) { // the URL's own wait wins over the default
                properties.setProperty("busy_timeout", String.valueOf(BUSY_TIMEOUT_MS));
            }
            properties.setProperty("foreign_keys", "true");
            // a writer takes the write lock when its transaction starts, so two writers queue, never deadlock
            properties.setProperty("transaction_mode", "IMMEDIATE");
        }
        return DriverManager.getConnection(location.jdbcUrl(), properties);
    }

    /**
     * Records a run, in one transaction, unless the ledger holds it already.
     *
     * @param resultsPath where the run's results.json is (recorded as an absolute path), or null
     * @param commit the mechsym source commit that ran, or null when unknown
     * @return true if recorded, false if the ledger held the run already (nothing is written then)
     * @throws LedgerException naming the ledger and why; the ledger is left as it was
     */
    public boolean record(LabRun run, java.nio.file.Path resultsPath, String commit) throws LedgerException {
        MachineFingerprint machine = MachineFingerprint.of(run.environment());
        String runId = runId(run, machine);
        try {
            connection.setAutoCommit(false); // one transaction: all of the run, or nothing of it
            insertMachine(machine, run.startedAt());
            if (!insertRun(runId, machine, run, resultsPath, commit)) {
                connection.rollback();
                return false;
            }
            insertExperiments(runId, run);
            connection.commit();
            return true;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException notRolledBack) {
                e.addSuppressed(notRolledBack);
            }
            throw new LedgerException("ledger " + location + ": run not recorded: " + LedgerException.why(e), e);
        } finally {
            try {
                connection.setAutoCommit(true); // between runs the connection holds no lock
            } catch (SQLException ignored) {
                // the connection is broken: the next use says so
            }
        }
    }

    /** A run's id: its machine, start instant and command, hashed (the same run imported twice has one id). */
    public static String runId(LabRun run, MachineFingerprint machine) {
        return "r-"
                + MachineFingerprint.sha256(machine.machineId() + "|" + run.startedAt() + "|" + run.command())
                        .substring(0, 16);
    }

    private void insertMachine(MachineFingerprint m, String seen) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO machine (machine_id, label, cpu_model,"
                + " logical_cpus, memory_gib, topology, virtualised, first_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (machine_id) DO NOTHING")) {
            s.setString(1, m.machineId());
            s.setString(2, m.label());
            s.setString(3, m.cpuModel());
            s.setInt(4, m.logicalCpus());
            s.setInt(5, m.memoryGib());
            s.setString(6, m.topology());
            s.setInt(7, m.virtualised() ? 1 : 0);
            s.setString(8, seen);
            s.executeUpdate();
        }
    }

    private boolean insertRun(
            String runId, MachineFingerprint machine, LabRun run, java.nio.file.Path resultsPath, String commit)
            throws SQLException {
        Environment e = run.environment();
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO run (run_id, machine_id, started_at,"
                + " seconds, mechsym_version, mechsym_commit, profile, command, rows_run, os, kernel, jdk_vendor,"
                + " jdk_version, vm, jvm_flags, collectors, transparent_huge_pages, cpufreq_governor, results_path,"
                + " recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (run_id) DO NOTHING")) {
            int i = 0;
            s.setString(++i, runId);
            s.setString(++i, machine.machineId());
            s.setString(++i, run.startedAt());
            s.setDouble(++i, run.seconds());
            s.setString(++i, text(run.mechsymVersion()));
            s.setString(++i, commit);
            s.setString(++i, text(run.profile()));
            s.setString(++i, text(run.command()));
            s.setString(
                    ++i,
                    String.join(
                            " ",
                            run.experiments().stream().map(ExperimentResult::id).toList()));
            s.setString(++i, text(e.os()));
            s.setString(++i, text(e.kernel()));
            s.setString(++i, text(e.jdkVendor()));
            s.setString(++i, text(e.jdkVersion()));
            s.setString(++i, text(e.vm()));
            s.setString(++i, String.join(" ", e.jvmFlags()));
            s.setString(++i, String.join(", ", e.garbageCollectors()));
            s.setString(++i, text(e.transparentHugePages()));
            s.setString(++i, text(e.cpufreqGovernor()));
            s.setString(
                    ++i,
                    resultsPath == null
                            ? null
                            : resultsPath.toAbsolutePath().normalize().toString());
            s.setString(++i, Instant.now().toString());
            return s.executeUpdate() == 1;
        }
    }

    private void insertExperiments(String runId, LabRun run) throws SQLException {
        try (PreparedStatement experiment = connection.prepareStatement("INSERT INTO experiment_result (run_id,"
                        + " experiment_id, ordinal, title, status, error, seconds, verdict, verdict_reason)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement claim = connection.prepareStatement("INSERT INTO claim_result (run_id,"
                        + " experiment_id, ordinal, claim, outcome, reason, median, low, high, confidence,"
                        + " repetitions, unit, line_value, line_is_ours) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                        + " ?, ?, ?)");
                PreparedStatement goal = connection.prepareStatement("INSERT INTO goal_result (run_id,"
                        + " experiment_id, ordinal, goal, status, figures, median, low, high, confidence,"
                        + " repetitions, unit, bar) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement figure = connection.prepareStatement("INSERT INTO figure (run_id, experiment_id,"
                        + " table_id, row_key, column_name, source, unit, figure_value, low, high, repetitions)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int ordinal = 0;
            for (ExperimentResult r : run.experiments()) {
                Verdict verdict = r.verdict() != null ? r.verdict() : Verdict.inconclusive("no verdict");
                int i = 0;
                experiment.setString(++i, runId);
                experiment.setString(++i, r.id());
                experiment.setInt(++i, ordinal++);
                experiment.setString(++i, r.title());
                experiment.setString(++i, r.status() == null ? "OK" : r.status().name());
                experiment.setString(++i, r.error());
                experiment.setDouble(++i, r.seconds());
                experiment.setString(++i, verdict.outcome().name());
                experiment.setString(++i, verdict.reason());
                experiment.addBatch();
                int c = 0;
                for (Verdict.Claim sub : verdict.claims()) {
                    claim.setString(1, runId);
                    claim.setString(2, r.id());
                    claim.setInt(3, c++);
                    claim.setString(4, sub.claim());
                    claim.setString(5, sub.outcome().name());
                    claim.setString(6, sub.reason());
                    setMeasure(claim, 7, sub.measure());
                    claim.setInt(14, sub.lineIsOurs() ? 1 : 0);
                    claim.addBatch();
                }
                int g = 0;
                for (Goal target : r.goals()) {
                    goal.setString(1, runId);
                    goal.setString(2, r.id());
                    goal.setInt(3, g++);
                    goal.setString(4, target.goal());
                    goal.setString(5, target.status().name());
                    goal.setString(6, target.figures());
                    setMeasure(goal, 7, target.measure());
                    goal.addBatch();
                }
                for (Table table : r.tables()) {
                    addFigures(figure, runId, r.id(), table);
                }
            }
            experiment.executeBatch();
            claim.executeBatch();
            goal.executeBatch();
            figure.executeBatch();
        }
    }

    /** Fills median, low, high, confidence, repetitions, unit and line from {@code from} on. */
    private static void setMeasure(PreparedStatement s, int from, Measure m) throws SQLException {
        setDouble(s, from, m == null ? null : m.value());
        setDouble(s, from + 1, m == null ? null : m.low());
        setDouble(s, from + 2, m == null ? null : m.high());
        setDouble(s, from + 3, m == null ? null : m.confidence());
        if (m == null) {
            s.setNull(from + 4, Types.INTEGER);
        } else {
            s.setInt(from + 4, m.n());
        }
        s.setString(from + 5, m == null ? null : m.unit());
        setDouble(s, from + 6, m == null ? null : m.line());
    }

    private static void addFigures(PreparedStatement s, String runId, String experimentId, Table table)
            throws SQLException {
        List<String> keys = FigureKey.rowKeys(table);
        List<String> columns = FigureKey.columnNames(table);
        for (int r = 0; r < table.rows().size(); r++) {
            List<Object> row = table.rows().get(r);
            for (int c = 0; c < table.columns().size(); c++) {
                Table.Column column = table.columns().get(c);
                if (column.unit() == null || !(row.get(c) instanceof Number value)) {
                    continue;
                }
                // a summary's median sits between its min and max, after its n (Table.Builder.summaryColumns)
                boolean median = column.name().equals("median")
                        && c >= 1
                        && c + 1 < row.size()
                        && table.columns().get(c - 1).name().equals("min")
                        && table.columns().get(c + 1).name().equals("max");
                boolean counted =
                        median && c >= 2 && table.columns().get(c - 2).name().equals("n");
                s.setString(1, runId);
                s.setString(2, experimentId);
                s.setString(3, table.id());
                s.setString(4, keys.get(r));
                s.setString(5, columns.get(c));
                s.setString(6, table.source().name());
                s.setString(7, column.unit());
                setDouble(s, 8, value.doubleValue());
                setDouble(s, 9, median ? number(row.get(c - 1)) : null);
                setDouble(s, 10, median ? number(row.get(c + 1)) : null);
                Double count = counted ? number(row.get(c - 2)) : null;
                if (count == null) {
                    s.setNull(11, Types.INTEGER);
                } else {
                    s.setInt(11, count.intValue());
                }
                s.addBatch();
            }
        }
    }

    private static Double number(Object cell) {
        return cell instanceof Number n ? n.doubleValue() : null;
    }

    private static void setDouble(PreparedStatement s, int index, Double value) throws SQLException {
        if (value == null || !Double.isFinite(value)) {
            s.setNull(index, Types.DOUBLE);
        } else {
            s.setDouble(index, value);
        }
    }

    private static String text(String value) {
        return value == null ? Environment.UNKNOWN : value;
    }

    // ---- reading ----

    /** Every machine the ledger holds, in the order first seen. */
    public List<RecordedMachine> machines() throws LedgerException {
        return query(
                "SELECT machine_id, label, cpu_model, logical_cpus, memory_gib, topology, virtualised, first_seen"
                        + " FROM machine ORDER BY first_seen, machine_id",
                List.of(),
                rs -> new RecordedMachine(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getInt(4),
                        rs.getInt(5),
                        rs.getString(6),
                        rs.getInt(7) != 0,
                        rs.getString(8)));
    }

    /** A machine's runs, oldest first (all machines' when {@code machineId} is null). */
    public List<RecordedRun> runs(String machineId) throws LedgerException {
        return query(
                "SELECT run_id, machine_id, started_at, seconds, mechsym_version, mechsym_commit, profile, command,"
                        + " rows_run, os, kernel, jdk_vendor, jdk_version, vm, jvm_flags, collectors,"
                        + " transparent_huge_pages, cpufreq_governor, results_path, recorded_at FROM run"
                        + (machineId == null ? "" : " WHERE machine_id = ?")
                        + " ORDER BY started_at, run_id",
                machineId == null ? List.of() : List.of(machineId),
                rs -> new RecordedRun(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getDouble(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8),
                        rs.getString(9).isBlank()
                                ? List.of()
                                : List.of(rs.getString(9).split(" ")),
                        rs.getString(10),
                        rs.getString(11),
                        rs.getString(12),
                        rs.getString(13),
                        rs.getString(14),
                        rs.getString(15),
                        rs.getString(16),
                        rs.getString(17),
                        rs.getString(18),
                        rs.getString(19),
                        rs.getString(20)));
    }

    /** The verdicts of one run, in the run's order, each with its sub-claims and goals. */
    public List<RecordedVerdict> verdicts(String runId) throws LedgerException {
        List<RecordedVerdict.Judged> none = List.of();
        List<RecordedVerdict> bare = query(
                "SELECT experiment_id, status, verdict, verdict_reason FROM experiment_result WHERE run_id = ?"
                        + " ORDER BY ordinal",
                List.of(runId),
                rs -> new RecordedVerdict(
                        runId, rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), none, none));
        List<String[]> claimKeys = new ArrayList<>();
        List<RecordedVerdict.Judged> claims = query(
                "SELECT experiment_id, claim, outcome, reason, median, low, high, repetitions, unit, line_value"
                        + " FROM claim_result WHERE run_id = ? ORDER BY experiment_id, ordinal",
                List.of(runId),
                rs -> {
                    claimKeys.add(new String[] {rs.getString(1)});
                    return judged(rs);
                });
        List<String[]> goalKeys = new ArrayList<>();
        List<RecordedVerdict.Judged> goals = query(
                "SELECT experiment_id, goal, status, figures, median, low, high, repetitions, unit, bar"
                        + " FROM goal_result WHERE run_id = ? ORDER BY experiment_id, ordinal",
                List.of(runId),
                rs -> {
                    goalKeys.add(new String[] {rs.getString(1)});
                    return judged(rs);
                });
        List<RecordedVerdict> verdicts = new ArrayList<>(bare.size());
        for (RecordedVerdict v : bare) {
            verdicts.add(new RecordedVerdict(
                    v.runId(),
                    v.experimentId(),
                    v.status(),
                    v.verdict(),
                    v.reason(),
                    of(v.experimentId(), claimKeys, claims),
                    of(v.experimentId(), goalKeys, goals)));
        }
        return verdicts;
    }

    private static List<RecordedVerdict.Judged> of(
            String experimentId, List<String[]> keys, List<RecordedVerdict.Judged> judged) {
        List<RecordedVerdict.Judged> mine = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i)[0].equals(experimentId)) {
                mine.add(judged.get(i));
            }
        }
        return mine;
    }

    private static RecordedVerdict.Judged judged(ResultSet rs) throws SQLException {
        return new RecordedVerdict.Judged(
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                nullableDouble(rs, 5),
                nullableDouble(rs, 6),
                nullableDouble(rs, 7),
                rs.getObject(8) == null ? null : rs.getInt(8),
                rs.getString(9),
                nullableDouble(rs, 10));
    }

    /**
     * The measured figures of the given runs, as (run id, key, unit, value): every numeric cell of
     * their measured tables.
     */
    public List<StoredFigure> figures(List<String> runIds) throws LedgerException {
        List<StoredFigure> all = new ArrayList<>();
        for (String runId : runIds) {
            all.addAll(query(
                    "SELECT experiment_id, table_id, row_key, column_name, unit, figure_value FROM figure"
                            + " WHERE run_id = ? AND source = 'MEASURED' AND figure_value IS NOT NULL",
                    List.of(runId),
                    rs -> new StoredFigure(
                            runId,
                            new FigureKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)),
                            rs.getString(5),
                            rs.getDouble(6))));
        }
        return all;
    }

    /** One stored figure of one run. */
    public record StoredFigure(String runId, FigureKey key, String unit, double value) {}

    private static Double nullableDouble(ResultSet rs, int column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    /** Maps one result row. */
    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, List<String> parameters, RowMapper<T> mapper) throws LedgerException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                s.setString(i + 1, parameters.get(i));
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new LedgerException("ledger " + location + ": cannot read: " + LedgerException.why(e), e);
        }
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing: nothing left to save
            }
        }
    }

    /** Flyway's way in: a data source that opens connections as {@link #connect} does. */
    private record OneUrl(LedgerLocation location) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return connect(location);
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return connect(location);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
            // no log
        }

        @Override
        public void setLoginTimeout(int seconds) {
            // the connection properties carry the timeouts
        }

        @Override
        public int getLoginTimeout() {
            return NETWORK_TIMEOUT_S;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getLogger("mechsym.lab.ledger");
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
