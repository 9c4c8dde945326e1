package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import mechsym.lab.results.LabRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerTest {
    @TempDir
    Path dir;

    @Test
    void recordsARunOnceWithItsVerdictsGoalsAndFigures() throws Exception {
        LabRun run = LedgerFixtures.run(
                LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3"), "2026-12-01T00:00:00Z", 2.5, "lazyset", "cas");
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("l.db")))) {
            assertThat(ledger.record(run, dir.resolve("results.json"), "abc123"))
                    .isTrue();
            assertThat(ledger.record(run, dir.resolve("results.json"), "abc123"))
                    .isFalse();
            assertThat(ledger.machines()).hasSize(1);
            List<RecordedRun> runs = ledger.runs(null);
            assertThat(runs).hasSize(1);
            assertThat(runs.getFirst().rowsRun()).containsExactly("lazyset", "cas");
            assertThat(runs.getFirst().commit()).isEqualTo("abc123");
            List<RecordedVerdict> verdicts = ledger.verdicts(runs.getFirst().runId());
            assertThat(verdicts).extracting(RecordedVerdict::verdict).containsExactly("REPRODUCED", "REPRODUCED");
            assertThat(verdicts.getFirst().claims()).hasSize(2);
            assertThat(verdicts.getFirst().claims().getFirst().low()).isEqualTo(2.5 * 0.95);
            assertThat(verdicts.getFirst().goals().getFirst().outcome()).isEqualTo("MET");
            assertThat(ledger.figures(List.of(runs.getFirst().runId())))
                    .extracting(f -> f.key().toString())
                    .contains("lazyset / measured / volatile / median", "cas / measured / lazy / max");
        }
    }
}
