package mechsym.lab.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Environment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {
    @TempDir
    Path dir;

    @Test
    void listsEachRunsVerdictsAndMarksTheRunWhereAFigureMovedBeyondTheNoise() throws Exception {
        Environment xeon = LedgerFixtures.machine("Intel Xeon 8375C", 2, "25.0.3");
        double[] ratios = {2.50, 2.52, 2.48, 2.51, 2.49, 4.0, 4.02, 3.98, 4.01, 3.99};
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("ledger.db")))) {
            for (int i = 0; i < ratios.length; i++) {
                ledger.record(
                        LedgerFixtures.run(
                                xeon, "2026-12-%02dT00:00:00Z".formatted(i + 1), ratios[i], "lazyset", "cas"),
                        dir.resolve("run" + i).resolve("results.json"),
                        null);
            }
            ledger.record(
                    LedgerFixtures.run(
                            LedgerFixtures.machine("AMD EPYC 7R13", 8, "25"), "2026-12-01T00:00:00Z", 1.5, "lazyset"),
                    null,
                    null);
            List<History.Section> sections = History.read(ledger, List.of("lazyset"), null, 12, 5);
            assertThat(sections).hasSize(2);
            History.Section first = sections.stream()
                    .filter(s -> s.machine().cpuModel().startsWith("Intel"))
                    .findFirst()
                    .orElseThrow();
            assertThat(first.runs()).hasSize(10);
            assertThat(first.rows()).extracting(History.Row::experimentId).containsExactly("lazyset");
            History.Figure claim = first.rows().getFirst().figures().getFirst();
            assertThat(claim.name()).isEqualTo("volatile at least 2x dearer");
            assertThat(claim.changes()).containsExactly(5);

            ByteArrayOutputStream text = new ByteArrayOutputStream();
            History.print(sections, new PrintStream(text, true, StandardCharsets.UTF_8));
            String printed = text.toString(StandardCharsets.UTF_8);
            assertThat(printed)
                    .contains("#10")
                    .contains("REPRODUCED")
                    .contains("NOT REPROD.")
                    .contains("4.02^")
                    .contains("claim: volatile at least 2x dearer")
                    .doesNotContain("\ncas");

            // the last runs only: the change is still marked where it is
            History.Section last4 = History.read(
                            ledger, List.of(), first.machine().machineId(), 6, 5)
                    .getFirst();
            assertThat(last4.runs()).hasSize(6);
            assertThat(last4.rows().getFirst().figures().getFirst().changes()).containsExactly(1);

            Path page = dir.resolve("history.html");
            History.writeHtml(sections, page);
            assertThat(Files.readString(page))
                    .contains("data:image/png;base64,")
                    .contains("moved up at run #6")
                    .contains(dir.resolve("run0").resolve("report.html").toUri().toString());
        }
    }

    @Test
    void anEmptyLedgerSaysHowRunsGetThere() throws Exception {
        try (Ledger ledger = Ledger.open(LedgerLocation.file(dir.resolve("empty.db")))) {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            History.print(
                    History.read(ledger, List.of(), null, 12, 5), new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8)).contains("holds no run");
        }
    }
}
