package mechsym.lab.experiments.jdbcprefetch;

import static mechsym.lab.experiments.jdbcprefetch.JdbcPrefetchExperiment.FEW_ROWS;

import java.util.List;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;

/** The jdbc-prefetch experiment's tables and charts, built from its measured queries. */
final class JdbcPrefetchReport {
    private JdbcPrefetchReport() {}

    /** The per-statement tables (every row, first rows), the connection-wide table, and their charts. */
    static void tablesAndCharts(
            ExperimentResult.Builder result,
            JdbcPrefetchExperiment.Plan plan,
            Dialect dialect,
            Measurements m,
            boolean counted) {
        Table all = table(m, "all-rows", "Reading every row (fetch size set per statement)", "per statement", true);
        Table few = table(
                m,
                "first-rows",
                "Reading only the first " + FEW_ROWS + " rows (fetch size set per statement)",
                "per statement",
                false);
        Table.Builder wide = Table.measured(
                        "connection-wide",
                        "Fetch size as the connection-wide default (" + dialect.defaultFetchProperty + ")")
                .column("fetch size")
                .column("rows")
                .column("read")
                .column("time", "us")
                .column("round trips")
                .column("allocated", "bytes");
        for (Measurements.Row r : m.rows) {
            if (r.way().equals("connection-wide")) {
                wide.row(
                        fetchLabel(r.fetch()),
                        r.resultRows(),
                        r.read(),
                        r.micros().median(),
                        counted ? r.roundTrips().median() : null,
                        r.allocated().median());
            }
        }
        result.table(all);
        result.table(few);
        result.table(
                wide.note("the connection property applies to every statement that does not set its own fetch size;"
                                + " medians of " + plan.repeats() + " queries")
                        .build());
        result.chart(Chart.bar(
                        "round-trips",
                        "Round trips per query against the fetch size (every row read)",
                        List.of("all-rows"),
                        "fetch size",
                        "round trips",
                        "rows",
                        "round trips")
                .withLogY());
        result.chart(Chart.bar(
                        "time",
                        "Time per query against the fetch size (every row read)",
                        List.of("all-rows"),
                        "fetch size",
                        "time",
                        "rows",
                        "us")
                .withLogY());
        result.chart(Chart.bar(
                        "allocated-first-rows",
                        "Bytes the client allocated per query, reading only the first " + FEW_ROWS + " rows",
                        List.of("first-rows"),
                        "fetch size",
                        "allocated",
                        "rows",
                        "bytes")
                .withLogY());
    }

    private static Table table(Measurements m, String id, String title, String way, boolean readAll) {
        Table.Builder t = Table.measured(id, title)
                .column("fetch size")
                .column("rows")
                .column("read")
                .column("time", "us")
                .column("time min", "us")
                .column("time max", "us")
                .column("round trips")
                .column("executes")
                .column("allocated", "bytes");
        for (Measurements.Row r : m.rows) {
            boolean isAll = r.read() == r.resultRows();
            if (r.way().equals(way) && (readAll ? isAll : !isAll || r.resultRows() <= FEW_ROWS)) {
                t.row(
                        fetchLabel(r.fetch()),
                        r.resultRows(),
                        r.read(),
                        r.micros().median(),
                        r.micros().min(),
                        r.micros().max(),
                        r.roundTrips().median() >= 0 ? r.roundTrips().median() : null,
                        r.executes().median() >= 0 ? r.executes().median() : null,
                        r.allocated().median());
            }
        }
        return t.note(
                        "medians (time: min and max too) of the repeated queries; round trips: the client speaking after the"
                                + " server, counted by a proxy on the wire; executes: PostgreSQL Execute messages; allocated: bytes the"
                                + " querying thread allocated, the driver's decoding included")
                .build();
    }

    private static String fetchLabel(int fetch) {
        return fetch == 0 ? "default" : Integer.toString(fetch);
    }
}
