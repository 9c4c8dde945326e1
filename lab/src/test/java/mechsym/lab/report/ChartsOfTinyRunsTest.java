package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.lab.runner.ExperimentCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every chart an experiment declares draws, as PNG and as SVG, from the tables of a tiny-profile
 * run. cas runs here (a few seconds; the tiny run {@linkplain TinyRun#shared shared} with its other tests). utf8's and null-check's JMH forks take from half a minute to
 * minutes, so their run is stored: {@code tiny-run-results.json} is the results.json, copied as
 * written, of a real run of {@code ./mechsym lab utf8 cas null-check --profile tiny --out DIR}; it is
 * re-rendered here.
 */
class ChartsOfTinyRunsTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void everyChartOfATinyCasRunDraws() throws IOException {
        TinyRun.Shared cas =
                TinyRun.shared(ExperimentCatalog.select(List.of("cas")).getFirst());

        assertEveryChartDraws(cas.run(), cas.dir());
    }

    @Test
    void everyChartOfTheStoredTinyRunDraws() throws IOException {
        Path results = dir.resolve("results.json");
        try (InputStream in = getClass().getResourceAsStream("tiny-run-results.json")) {
            assertThat(in).as("test resource tiny-run-results.json").isNotNull();
            Files.copy(in, results);
        }
        LabRun run = ResultsJson.read(results);
        assertThat(run.experiments()).extracting(ExperimentResult::id).contains("utf8", "cas", "null-check");

        new HtmlReport(run, dir).write();

        assertEveryChartDraws(run, dir);
    }

    /** The report in {@code runDir} drew every chart, and each draws again into this test's folder. */
    private void assertEveryChartDraws(LabRun run, Path runDir) throws IOException {
        assertThat(Files.readString(runDir.resolve("report.html"))).doesNotContain("could not be drawn");
        Path charts = Files.createDirectories(dir.resolve("redrawn"));
        for (ExperimentResult e : run.experiments()) {
            assertThat(e.status()).as(e.id() + ": " + e.error()).isEqualTo(ExperimentResult.Status.OK);
            assertThat(e.charts()).as(e.id()).isNotEmpty();
            for (Chart chart : e.charts()) {
                ChartRenderer.Rendered files = ChartRenderer.render(chart, e, charts);
                assertThat(Files.readAllBytes(files.png()))
                        .as(e.id() + " " + chart.id())
                        .startsWith(PNG_MAGIC);
                assertThat(Files.readString(files.svg()))
                        .as(e.id() + " " + chart.id())
                        .contains("<svg");
            }
        }
    }
}
