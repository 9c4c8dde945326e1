package mechsym.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.report.Comparison;

/**
 * Coverage-guided fuzz test (Jazzer) of reading results.json back, as {@code mechsym lab compare}
 * does: whatever the bytes, {@link ResultsJson#read} either refuses the file with an {@link
 * IOException} whose message starts with the file's name, or returns a run that compares with itself
 * (every figure against itself), prints, and writes out and reads back again. Never another
 * exception. Regression mode under {@code ./mechsym test} (the inputs in {@code
 * src/test/resources/mechsym/lab/results/ResultsJsonFuzzTestInputs/}); {@code ./mechsym fuzz
 * readsOrRefusesAnyResultsFile} fuzzes.
 */
class ResultsJsonFuzzTest {
    private static final Path DIR = tempDir();

    private static Path tempDir() {
        try {
            Path dir = Files.createTempDirectory("results-json-fuzz");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void readsOrRefusesAnyResultsFile(byte[] bytes) throws IOException {
        Path file = DIR.resolve("results.json");
        Path again = DIR.resolve("again.json");
        Files.write(file, bytes);
        LabRun run;
        try {
            run = ResultsJson.read(file);
        } catch (IOException refused) {
            assertThat(refused).hasMessageStartingWith(file + ": ");
            return;
        }

        List<Comparison.Line> lines = Comparison.compare(run, run);
        for (Comparison.Line line : lines) {
            assertThat(line.b()).as(line.toString()).isEqualTo(line.a());
            assertThat(Double.isNaN(line.ratio()) || line.ratio() == 1.0)
                    .as(line.toString())
                    .isTrue();
        }
        Comparison.print(lines, "a", "b", new PrintStream(OutputStream.nullOutputStream()));

        // what was accepted is written out as a file that reads back
        ResultsJson.write(run, again);
        LabRun reread = ResultsJson.read(again);
        assertThat(reread.experiments()).hasSameSizeAs(run.experiments());
    }
}
