package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Import of results.json files as `mechsym lab` writes them today (a tiny herding run, kept as a resource). */
class RunImportTest {
    @TempDir
    Path dir;

    private Path today;

    @BeforeEach
    void copyTodaysRun() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("run-today"));
        today = folder.resolve("results.json");
        try (InputStream in = getClass().getResourceAsStream("herding-tiny-results.json")) {
            Files.copy(in, today);
        }
    }

    private static String tables(Ledger ledger) throws Exception {
        StringBuilder all = new StringBuilder();
        for (RecordedRun r : ledger.runs(null)) {
            all.append(r).append(ledger.verdicts(r.runId())).append(ledger.figures(List.of(r.runId())));
        }
        return all.toString();
    }

    @Test
    void aRunGoesInOnceAndAnotherMachinesRunAddsAMachine() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode other = (ObjectNode) json.readTree(today.toFile());
        ((ObjectNode) other.get("environment")).put("cpuModel", "AMD EPYC 9654, 2400 MHz, L1d 32K");
        Path elsewhere = Files.createDirectories(dir.resolve("colleague")).resolve("results.json");
        json.writeValue(elsewhere.toFile(), other);
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("ledger.db")))) {
            assertThat(RunImport.importRuns(ledger, List.of(today.getParent())))
                    .extracting(RunImport.Outcome::status)
                    .containsExactly(RunImport.Status.ADDED);
            String once = tables(ledger);
            assertThat(RunImport.importRuns(ledger, List.of(today)))
                    .extracting(RunImport.Outcome::status)
                    .containsExactly(RunImport.Status.ALREADY_THERE);
            assertThat(tables(ledger)).isEqualTo(once);
            RecordedRun run = ledger.runs(null).getFirst();
            assertThat(run.resultsPath()).isEqualTo(today.toString());
            assertThat(run.rowsRun()).containsExactly("herding");
            assertThat(ledger.verdicts(run.runId()))
                    .extracting(RecordedVerdict::experimentId)
                    .containsExactly("herding");
            assertThat(ledger.figures(List.of(run.runId()))).isNotEmpty();

            assertThat(RunImport.importRuns(ledger, List.of(elsewhere))
                            .getFirst()
                            .message())
                    .contains("added")
                    .contains("AMD EPYC 9654");
            assertThat(ledger.machines()).hasSize(2);
        }
    }

    @Test
    void aFileThatIsNotAWholeResultsJsonIsRefusedInOneLineAndNothingIsWritten() throws Exception {
        byte[] bytes = Files.readAllBytes(today);
        Path truncated = Files.write(dir.resolve("truncated.json"), Arrays.copyOf(bytes, bytes.length / 2));
        Path notOurs = Files.writeString(dir.resolve("package.json"), "{\"name\": \"left-pad\"}");
        Path newer = Files.writeString(
                dir.resolve("newer.json"),
                Files.readString(today).replace("mechsym-lab-results/1", "mechsym-lab-results/2"));
        Path empty = Files.writeString(dir.resolve("empty.json"), "");
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("ledger.db")))) {
            List<RunImport.Outcome> outcomes = RunImport.importRuns(ledger, List.of(truncated, notOurs, newer, empty));
            assertThat(outcomes).allSatisfy(o -> {
                assertThat(o.status()).isEqualTo(RunImport.Status.REFUSED);
                assertThat(o.message()).startsWith(o.file().toString()).doesNotContain("\n");
            });
            assertThat(outcomes.get(0).message()).contains("not JSON");
            assertThat(outcomes.get(1).message()).contains("not a mechsym results file");
            assertThat(outcomes.get(2).message()).contains("mechsym-lab-results/2");
            assertThat(ledger.runs(null)).isEmpty();
            assertThat(ledger.machines()).isEmpty();
        }
    }
}
