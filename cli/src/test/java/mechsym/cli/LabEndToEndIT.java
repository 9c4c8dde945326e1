package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * End to end, as a user runs it: the launcher script at the repository root runs
 * {@code mechsym lab memory-access} on the tiny profile against the packaged jar, and the report,
 * results and charts appear. Runs in the integration-test phase, after the jar is built.
 */
class LabEndToEndIT {
    @Test
    void launcherRunsMemoryAccessAndWritesTheReport() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path out = Path.of("target", "it-lab").toAbsolutePath();
        Path ledger = Path.of("target", "it-ledger.db").toAbsolutePath();
        Files.deleteIfExists(ledger);
        Process p = new ProcessBuilder(
                        "bash",
                        root.resolve("mechsym").toString(),
                        "lab",
                        "memory-access",
                        "--profile",
                        "tiny",
                        "--out",
                        out.toString(),
                        "--ledger",
                        ledger.toString())
                .redirectErrorStream(true)
                .redirectOutput(new File("target/it-lab.log"))
                .start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("finished").isTrue();
        String log = Files.readString(Path.of("target/it-lab.log"));
        assertThat(p.exitValue()).as(log).isZero();
        assertThat(log).contains("memory-access").contains("report.html");
        assertThat(log).contains("ledger: recorded in " + ledger); // the run is in the ledger, after results.json

        assertThat(out.resolve("report.html")).isNotEmptyFile();
        JsonNode results =
                new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(results.get("schema").asText()).isEqualTo("mechsym-lab-results/1");
        JsonNode experiment = results.get("experiments").get(0);
        assertThat(experiment.get("id").asText()).isEqualTo("memory-access");
        assertThat(experiment.get("status").asText()).isEqualTo("OK");
        JsonNode measured = null;
        for (JsonNode t : experiment.get("tables")) {
            if (t.get("id").asText().equals("measured")) {
                measured = t;
            }
        }
        assertThat(measured).isNotNull();
        assertThat(measured.get("rows")).hasSize(12); // 4 walks x 3 storages
        assertThat(out.resolve("charts").resolve("memory-access-ns-per-walk.png"))
                .isNotEmptyFile();
        assertThat(out.resolve("charts").resolve("memory-access-ns-per-walk.svg"))
                .isNotEmptyFile();
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html)
                .contains("seed's published figures")
                .contains("Environment")
                .contains("id=\"memory-access/measured\"");
    }
}
