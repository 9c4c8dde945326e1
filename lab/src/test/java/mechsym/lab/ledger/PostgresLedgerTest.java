package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import mechsym.lab.runner.ExperimentCatalog;
import mechsym.tools.jdbc.EmbeddedPostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger in a real PostgreSQL, started once for every test here (the binaries from Maven Central). */
class PostgresLedgerTest {
    @TempDir
    static Path serverDir;

    @TempDir
    Path dir;

    private static EmbeddedPostgresServer server;
    private static int databases;

    @BeforeAll
    static void startPostgres() throws Exception {
        server = EmbeddedPostgresServer.start(serverDir, Duration.ofSeconds(90));
    }

    @AfterAll
    static void stopPostgres() {
        if (server != null) {
            server.close();
        }
    }

    /** A fresh database for one test, as a --ledger URL. */
    private static LedgerLocation freshDatabase() throws Exception {
        String name = "ledger" + ++databases;
        try (Connection c = DriverManager.getConnection(server.jdbcUrl());
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return LedgerLocation.choose(
                "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + name + "?user=postgres&password=unused",
                java.util.Map.of());
    }

    @Test
    void theSameSchemaRecordsReadsAndImportsOnce() throws Exception {
        LedgerLocation location = freshDatabase();
        assertThat(location.toString()).contains("password=***").doesNotContain("unused");
        var run = LedgerFixtures.run(
                LedgerFixtures.machine("AMD EPYC 7R13", 4, "25.0.3"), "2026-12-01T00:00:00Z", 2.5, "lazyset", "cas");
        Path results = dir.resolve("results.json");
        mechsym.lab.results.ResultsJson.write(run, results);
        try (Ledger ledger = Ledger.open(location)) {
            assertThat(RunImport.importRuns(ledger, List.of(results, results)))
                    .extracting(RunImport.Outcome::status)
                    .containsExactly(RunImport.Status.ADDED, RunImport.Status.ALREADY_THERE);
            assertThat(ledger.runs(null)).hasSize(1);
            RecordedVerdict lazyset =
                    ledger.verdicts(ledger.runs(null).getFirst().runId()).getFirst();
            assertThat(lazyset.claims().getFirst().median())
                    .isCloseTo(2.5125, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(lazyset.claims().getFirst().line()).isEqualTo(2.0);
        }
        // opened again: the migration is not run twice
        assertThat(LedgerHook.record(run, results, location, "abc")).startsWith("ledger: already in");
        try (Ledger ledger = Ledger.open(location)) {
            List<History.Section> history = History.read(ledger, List.of(), null, 12, 5);
            assertThat(history).hasSize(1);
            Path atlas = dir.resolve("atlas.html");
            assertThat(Atlas.write(ledger, ExperimentCatalog.all(), atlas)).isEqualTo(1);
            assertThat(Files.readString(atlas)).contains("AMD EPYC 7R13");
        }
    }

    @Test
    void writersAtOnceLoseNothing() throws Exception {
        LedgerLocation location = freshDatabase();
        Ledger.open(location).close();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try (WriterProcess other =
                WriterProcess.start("record", location.jdbcUrl(), "2026-12-05T00:00:01Z", "2026-12-05T00:00:02Z")) {
            List<Future<Boolean>> writes = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String startedAt = "2026-12-06T00:00:0" + t + "Z";
                writes.add(threads.submit(() -> {
                    try (Ledger ledger = Ledger.open(location)) {
                        return ledger.record(
                                LedgerFixtures.run(
                                        LedgerFixtures.machine("AMD EPYC 7R13", 4, "25"),
                                        startedAt,
                                        2.2,
                                        "lazyset",
                                        "cas",
                                        "queues"),
                                null,
                                null);
                    }
                }));
            }
            for (Future<Boolean> write : writes) {
                assertThat(write.get()).isTrue();
            }
            assertThat(other.awaitLine()).isEqualTo("recorded");
        } finally {
            threads.shutdownNow();
        }
        try (Ledger ledger = Ledger.open(location)) {
            assertThat(ledger.runs(null)).hasSize(6);
            assertThat(ledger.machines()).hasSize(2);
        }
    }

    @Test
    void aPostgresThatIsDownCostsOneWarning() throws Exception {
        LedgerLocation down = LedgerLocation.choose(
                "jdbc:postgresql://127.0.0.1:1/ledger?user=u&password=secret", java.util.Map.of());
        var run = LedgerFixtures.run(
                LedgerFixtures.machine("AMD EPYC 7R13", 4, "25"), "2026-12-01T00:00:00Z", 2.5, "lazyset");
        String line = LedgerHook.record(run, dir.resolve("results.json"), down, null);
        assertThat(line)
                .startsWith("warning: ledger jdbc:postgresql://127.0.0.1:1/ledger?user=u&password=***")
                .doesNotContain("secret")
                .doesNotContain("\n");
    }
}
