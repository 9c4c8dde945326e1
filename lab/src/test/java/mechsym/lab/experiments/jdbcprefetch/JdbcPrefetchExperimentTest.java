package mechsym.lab.experiments.jdbcprefetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.rigs.threads.TinyRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcPrefetchExperimentTest {
    @TempDir
    Path dir;

    private static JdbcPrefetchExperiment.Figures figures(
            boolean oracle,
            Double rt10,
            Double rtMax,
            Double alloc10,
            Double alloc500,
            Double time100,
            Double timeMax) {
        return new JdbcPrefetchExperiment.Figures(
                oracle, 100_000, 1000, rt10, rtMax, alloc10, alloc500, 500, time100, timeMax, 1e5, 1e6);
    }

    @Test
    void onPostgresTheRoundTripAdviceHoldsAndTheOracleClaimStaysOpen() {
        Verdict v = JdbcPrefetchExperiment.verdict(figures(false, 10_001.0, 101.0, 5000.0, 5200.0, 110.0, 100.0));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("Oracle").contains("inconclusive").contains("not for the fetch size");
    }

    @Test
    void roundTripsThatDoNotFallAreNotReproduced() {
        Verdict v = JdbcPrefetchExperiment.verdict(figures(false, 3.0, 2.0, 5000.0, 5000.0, 100.0, 100.0));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
    }

    @Test
    void onOracleAnUpFrontAllocationReproducesTheClaimAndItsAbsenceIsPartly() {
        assertThat(JdbcPrefetchExperiment.verdict(figures(true, 10_001.0, 101.0, 5000.0, 250_000.0, 110.0, 100.0))
                        .outcome())
                .isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(JdbcPrefetchExperiment.verdict(figures(true, 10_001.0, 101.0, 5000.0, 6000.0, 110.0, 100.0))
                        .outcome())
                .isEqualTo(Verdict.Outcome.PARTLY);
        // a large gain beyond 100 is not the post's "limited benefit"
        assertThat(JdbcPrefetchExperiment.verdict(figures(true, 10_001.0, 101.0, 5000.0, 250_000.0, 300.0, 100.0))
                        .outcome())
                .isEqualTo(Verdict.Outcome.PARTLY);
    }

    @Test
    void missingRoundTripsAreInconclusive() {
        assertThat(JdbcPrefetchExperiment.verdict(figures(false, null, null, 1.0, 1.0, 1.0, 1.0))
                        .outcome())
                .isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void urlsArePointedAtTheProxy() {
        String pg = "jdbc:postgresql://db.example:6543/sales?user=u&password=p";
        assertThat(Dialect.of(pg)).isEqualTo(Dialect.POSTGRES);
        assertThat(Dialect.POSTGRES.target(pg).orElseThrow()).isEqualTo(new Dialect.HostPort("db.example", 6543));
        assertThat(Dialect.POSTGRES.through(pg, 40000))
                .isEqualTo("jdbc:postgresql://127.0.0.1:40000/sales?user=u&password=p");
        assertThat(Dialect.POSTGRES
                        .target("jdbc:postgresql://db/sales")
                        .orElseThrow()
                        .port())
                .isEqualTo(5432);
        String ora = "jdbc:oracle:thin:scott/tiger@//ora.example:1521/ORCLPDB1";
        assertThat(Dialect.of(ora)).isEqualTo(Dialect.ORACLE);
        assertThat(Dialect.ORACLE.through(ora, 40000))
                .isEqualTo("jdbc:oracle:thin:scott/tiger@//127.0.0.1:40000/ORCLPDB1");
        assertThatThrownBy(() -> Dialect.of("jdbc:mysql://x/y")).hasMessageContaining("--jdbc-url");
    }

    @Test
    void tinyRunAgainstARealPostgres() throws Exception {
        ExperimentResult result = TinyRun.run(new JdbcPrefetchExperiment(), dir);
        Table all = result.table("all-rows");
        assertThat(all.rows()).isNotEmpty();
        int rt = all.columnIndex("round trips");
        assertThat(all.rows())
                .allSatisfy(
                        row -> assertThat(((Number) row.get(rt)).doubleValue()).isPositive());
        assertThat(dir.resolve("jdbc-prefetch/pg-data")).doesNotExist();
    }
}
