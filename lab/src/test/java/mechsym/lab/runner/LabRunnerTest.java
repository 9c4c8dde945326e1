package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class LabRunnerTest {
    @TempDir
    Path dir;

    private LabRun runFakes(Path out) throws IOException {
        LabRunner runner = new LabRunner(Profile.TINY, out, Progress.silent(), "mechsym lab test", "test");
        return runner.run(List.of(new FakeExperiment("one", false), new FakeExperiment("two", true)));
    }

    @Test
    void aFailingExperimentIsRecordedAndTheOthersStillRun() throws IOException {
        LabRun run = runFakes(dir);
        assertThat(run.experiments()).extracting(ExperimentResult::id).containsExactly("one", "two");
        ExperimentResult ok = run.experiment("one");
        assertThat(ok.status()).isEqualTo(ExperimentResult.Status.OK);
        assertThat(ok.verdict().outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        ExperimentResult failed = run.experiment("two");
        assertThat(failed.status()).isEqualTo(ExperimentResult.Status.FAILED);
        assertThat(failed.error()).contains("boom in two");
        assertThat(failed.verdict().outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(dir.resolve("two").resolve("error.log")).content().contains("boom in two");
    }

    /** An experiment whose forked JVM hangs; the fork's timeout is short. */
    private static final class HangingFork implements mechsym.lab.Experiment {
        @Override
        public String id() {
            return "hangs";
        }

        @Override
        public String title() {
            return "a fork that hangs";
        }

        @Override
        public mechsym.lab.Seed seed() {
            return new mechsym.lab.Seed("000_test.txt", "A Post", "An Author", 2012);
        }

        @Override
        public String claim() {
            return "none";
        }

        @Override
        public List<Table> seedFigures() {
            return List.of();
        }

        @Override
        public void run(mechsym.lab.RunContext context, ExperimentResult.Builder result) throws Exception {
            context.fork(ChildJvmLauncherTest.HangingChild.class)
                    .name("child")
                    .timeoutSeconds(2)
                    .run(ChildJvmLauncherTest.Figure.class);
        }
    }

    @Test
    @Timeout(120) // the fork's own 2 s timeout must end it: a lab that waited for the hanging child fails here
    void aForkThatHangsFailsItsExperimentAtTheTimeoutAndTheLabMovesOn() throws IOException {
        mechsym.lab.Experiment hanging = new HangingFork();
        LabRunner runner = new LabRunner(Profile.TINY, dir, Progress.silent(), "mechsym lab test", "test");
        LabRun run = runner.run(List.of(hanging, new FakeExperiment("next", false)));

        ExperimentResult failed = run.experiment("hangs");
        assertThat(failed.status()).isEqualTo(ExperimentResult.Status.FAILED);
        assertThat(failed.error()).contains("forked JVM 'child' did not finish in 2 s and was killed");
        assertThat(run.experiment("next").status()).isEqualTo(ExperimentResult.Status.OK);
    }

    @Test
    void seedTablesComeFirstAndStayLabelledAsTheSeeds() throws IOException {
        ExperimentResult ok = runFakes(dir).experiment("one");
        assertThat(ok.tables()).extracting(Table::id).containsExactly("seed", "measured");
        assertThat(ok.table("seed").source()).isEqualTo(Table.Source.SEED);
        assertThat(ok.table("seed").sourceLabel()).isEqualTo("seed: Seed Machine");
        assertThat(ok.table("measured").source()).isEqualTo(Table.Source.MEASURED);
    }

    @Test
    void resultsJsonReadsBackEqualToWhatWasWritten() throws IOException {
        LabRun run = runFakes(dir);
        LabRun read = ResultsJson.read(dir.resolve("results.json"));
        assertThat(read.schema()).isEqualTo(LabRun.SCHEMA);
        assertThat(read.environment()).isEqualTo(run.environment());
        assertThat(read.experiments()).hasSize(2);
        ExperimentResult original = run.experiment("one");
        ExperimentResult back = read.experiment("one");
        assertThat(back.charts()).isEqualTo(original.charts());
        assertThat(back.verdict()).isEqualTo(original.verdict());
        assertThat(back.headlines()).isEqualTo(original.headlines());
        // numbers keep their values (JSON has no int/double distinction to preserve beyond that)
        List<Object> row = back.table("measured").rows().getFirst();
        assertThat(row.get(0)).isEqualTo("a");
        assertThat(((Number) row.get(1)).intValue()).isEqualTo(3);
        assertThat(((Number) row.get(3)).doubleValue()).isEqualTo(2.0);
    }

    @Test
    void readingSomethingElseNamesTheFile() throws IOException {
        Path notJson = Files.writeString(dir.resolve("x.json"), "{ nope");
        assertThatThrownBy(() -> ResultsJson.read(notJson))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("x.json");
        Path otherSchema = Files.writeString(dir.resolve("y.json"), "{\"schema\":\"other/9\"}");
        assertThatThrownBy(() -> ResultsJson.read(otherSchema)).hasMessageContaining("other/9");
        assertThatThrownBy(() -> ResultsJson.read(dir.resolve("missing.json"))).isInstanceOf(IOException.class);
    }

    @Test
    void unwritableOutputIsRefusedBeforeAnyWork() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> LabRunner.prepareOutput(file.resolve("sub")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("a-file");
    }

    @Test
    void aResultsFileThatCannotBeWrittenIsNamedAndThePreviousOneKept() throws IOException {
        runFakes(dir);
        String previous = Files.readString(dir.resolve("results.json"));
        Files.createDirectories(dir.resolve("results.json.tmp")); // any write failure: here, a folder in the way
        assertThatThrownBy(() -> runFakes(dir))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot write " + dir.resolve("results.json") + ": ");
        assertThat(dir.resolve("results.json")).hasContent(previous);
    }

    @Test
    void anOutputFolderThatCannotBeMadeSaysWhyInWords() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> LabRunner.prepareOutput(file))
                .hasMessage("cannot create output folder " + file + ": " + file + " is a file, not a folder");
        assertThatThrownBy(() -> LabRunner.prepareOutput(file.resolve("sub")))
                .hasMessage("cannot create output folder " + file.resolve("sub") + ": " + file
                        + " is a file, not a folder");
    }
}
