package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import mechsym.lab.results.LabRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger under faults: locked, killed mid-write, corrupt, not writable, newer; and concurrent writers. */
class LedgerFaultsTest {
    @TempDir
    Path dir;

    private LabRun run(String startedAt) {
        return LedgerFixtures.run(LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3"), startedAt, 2.5, "lazyset");
    }

    private int runCount(LedgerLocation location) throws Exception {
        try (Ledger ledger = Ledger.open(location)) {
            return ledger.runs(null).size();
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60) // the busy timeout bounds the wait; "locked" says it was reached
    void aLockedLedgerCostsAWarningAndAWriterKilledMidRunLeavesItAsItWas() throws Exception {
        LedgerLocation location = LedgerLocation.file(dir.resolve("ledger.db"));
        LedgerHook.record(run("2026-12-01T00:00:00Z"), dir.resolve("results.json"), location, null);
        try (WriterProcess writer = WriterProcess.start("hold", location.file().toString())) {
            assertThat(writer.awaitLine()).isEqualTo("holding");
            // the same ledger, waiting 1 s for the lock rather than the ledger's usual 10 s
            LedgerLocation impatient =
                    new LedgerLocation("jdbc:sqlite:" + location.file() + "?busy_timeout=1000", location.file());
            String line = LedgerHook.record(run("2026-12-02T00:00:00Z"), dir.resolve("results.json"), impatient, null);
            assertThat(line).startsWith("warning: ledger " + location.file()).contains("locked");
            writer.kill();
        }
        // the killed writer's half-written run is gone; the ledger takes the next run
        try (Ledger ledger = Ledger.open(location)) {
            assertThat(ledger.runs(null)).extracting(RecordedRun::startedAt).containsExactly("2026-12-01T00:00:00Z");
            assertThat(ledger.machines()).extracting(RecordedMachine::machineId).doesNotContain("m-held");
            assertThat(ledger.record(run("2026-12-02T00:00:00Z"), null, null)).isTrue();
        }
    }

    @Test
    void aCorruptLedgerIsReportedAndLeftAlone() throws Exception {
        Path file = dir.resolve("corrupt.db");
        byte[] garbage = "this is not an SQLite database, only text that fills a page or two. "
                .repeat(80)
                .getBytes();
        Files.write(file, garbage);
        String line = LedgerHook.record(
                run("2026-12-01T00:00:00Z"), dir.resolve("r/results.json"), LedgerLocation.file(file), null);
        assertThat(line)
                .startsWith("warning: ledger " + file)
                .contains("not a database")
                .doesNotContain("\n");
        assertThat(Files.readAllBytes(file)).isEqualTo(garbage);
    }

    @Test
    void aLedgerThatCannotBeWrittenIsAWarning() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        String line = LedgerHook.record(
                run("2026-12-01T00:00:00Z"),
                dir.resolve("r/results.json"),
                LedgerLocation.file(notAFolder.resolve("ledger.db")),
                null);
        assertThat(line)
                .startsWith("warning: ledger " + notAFolder.resolve("ledger.db"))
                .contains("folder");
    }

    @Test
    void aLedgerOnAReadOnlyDiskIsAWarningAndStaysAsItWas() throws Exception {
        Path file = dir.resolve("read-only.db");
        try (Ledger ledger = Ledger.open(LedgerLocation.file(file))) {
            ledger.record(run("2026-12-01T00:00:00Z"), null, null);
        }
        byte[] before = Files.readAllBytes(file);
        // SQLite opened read-only, as it opens a file on a read-only mount (root ignores file permissions)
        LedgerLocation readOnly = new LedgerLocation("jdbc:sqlite:" + file + "?open_mode=1", file);
        String line = LedgerHook.record(run("2026-12-02T00:00:00Z"), dir.resolve("r/results.json"), readOnly, null);
        assertThat(line)
                .startsWith("warning: ledger " + file)
                .contains("readonly")
                .doesNotContain("\n");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void aLedgerOfANewerSchemaIsRefusedAndNeverAltered() throws Exception {
        LedgerLocation location = LedgerLocation.file(dir.resolve("newer.db"));
        try (Ledger ledger = Ledger.open(location)) {
            ledger.record(run("2026-12-01T00:00:00Z"), null, null);
        }
        try (Connection c = Ledger.connect(location);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO ledger_schema_history (installed_rank, version, description, type, script,"
                    + " checksum, installed_by, execution_time, success) VALUES (2, '2', 'from the future', 'SQL',"
                    + " 'V2__future.sql', 0, 'test', 0, 1)");
        }
        byte[] before = Files.readAllBytes(location.file());
        assertThatThrownBy(() -> Ledger.open(location))
                .isInstanceOf(LedgerException.class)
                .hasMessageContaining("newer mechsym")
                .hasMessageContaining("schema version 2");
        String line = LedgerHook.record(run("2026-12-02T00:00:00Z"), dir.resolve("r/results.json"), location, null);
        assertThat(line).startsWith("warning: ").contains("newer mechsym");
        assertThat(Files.readAllBytes(location.file())).isEqualTo(before);
    }

    @Test
    void aFailureMidRunRollsTheWholeRunBack() throws Exception {
        LedgerLocation location = LedgerLocation.file(dir.resolve("ledger.db"));
        try (Ledger ledger = Ledger.open(location)) {
            try (Connection c = Ledger.connect(location);
                    Statement s = c.createStatement()) {
                // a figure row the run will collide with, written outside any run: the run's last insert fails
                s.execute("PRAGMA foreign_keys = OFF");
                s.executeUpdate("INSERT INTO figure (run_id, experiment_id, table_id, row_key, column_name, source)"
                        + " VALUES ('"
                        + Ledger.runId(
                                run("2026-12-01T00:00:00Z"),
                                MachineFingerprint.of(
                                        run("2026-12-01T00:00:00Z").environment()))
                        + "', 'lazyset', 'measured', 'lazy', 'max',"
                        + " 'MEASURED')");
            }
            assertThatThrownBy(() -> ledger.record(run("2026-12-01T00:00:00Z"), null, null))
                    .isInstanceOf(LedgerException.class)
                    .hasMessageContaining("run not recorded");
            assertThat(ledger.runs(null)).isEmpty();
            assertThat(ledger.machines()).isEmpty();
        }
    }

    @Test
    void concurrentWritersLoseNothing() throws Exception {
        LedgerLocation location = LedgerLocation.file(dir.resolve("shared.db"));
        List<String> childRuns = List.of("2026-12-03T00:00:01Z", "2026-12-03T00:00:02Z", "2026-12-03T00:00:03Z");
        List<String> args = new ArrayList<>(List.of("record", location.file().toString()));
        args.addAll(childRuns);
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try (WriterProcess other = WriterProcess.start(args.toArray(String[]::new))) {
            List<Future<Boolean>> writes = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                String startedAt = "2026-12-04T00:00:0" + t + "Z";
                writes.add(threads.submit(() -> {
                    try (Ledger ledger = Ledger.open(location)) {
                        return ledger.record(run(startedAt), null, null);
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
        assertThat(runCount(location)).isEqualTo(6);
        try (Ledger ledger = Ledger.open(location)) {
            for (RecordedRun r : ledger.runs(null)) {
                assertThat(ledger.verdicts(r.runId())).isNotEmpty();
            }
        }
    }
}
