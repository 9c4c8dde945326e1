package mechsym.lab.experiments.jdbcprefetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import org.junit.jupiter.api.Test;

class JdbcPrefetchExperimentTest {
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
        JdbcPrefetchExperiment experiment = new JdbcPrefetchExperiment();
        ExperimentResult result = TinyRun.run(experiment);
        Path dir = TinyRun.shared(experiment).dir();
        Table all = result.table("all-rows");
        assertThat(all.rows()).isNotEmpty();
        int rt = all.columnIndex("round trips");
        assertThat(all.rows())
                .allSatisfy(
                        row -> assertThat(((Number) row.get(rt)).doubleValue()).isPositive());
        assertThat(dir.resolve("jdbc-prefetch/pg-data")).doesNotExist();
    }
}
