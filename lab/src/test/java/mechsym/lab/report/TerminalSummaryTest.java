package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.results.LabRun;
import mechsym.lab.runner.LabRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminalSummaryTest {
    @TempDir
    Path dir;

    @Test
    void textFromOutsideIsEscapedAndAFailedPartIsNamed() throws Exception {
        LabRun measured = new LabRunner(Profile.TINY, dir, Progress.silent(), "t", "t")
                .run(List.of(new FakeExperiment("row", false)));
        ExperimentResult e = measured.experiment("row");
        ExperimentResult hostile = new ExperimentResult(
                e.id(),
                e.title(),
                e.seed(),
                e.claim(),
                e.status(),
                e.error(),
                e.seconds(),
                e.tables(),
                e.charts(),
                List.of("p50 over \u001B]0;pwned\u0007 path"),
                e.notes(),
                e.verdict(),
                e.goals(),
                List.of(new ExperimentResult.FailedPart("remote gateway http://h:8080", "answered \u001B[2J")));
        LabRun run = new LabRun(
                measured.schema(),
                measured.mechsymVersion(),
                measured.startedAt(),
                measured.seconds(),
                measured.profile(),
                measured.command(),
                measured.environment(),
                List.of(hostile),
                measured.calibration());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TerminalSummary.print(run, dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .doesNotContain("\u001B")
                .doesNotContain("\u0007")
                .contains("p50 over \\u001B]0;pwned\\u0007 path")
                .contains("part failed: remote gateway http://h:8080: answered \\u001B[2J");
    }
}
