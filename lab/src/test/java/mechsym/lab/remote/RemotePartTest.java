package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.RunContext;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import mechsym.lab.runner.LabRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RemotePartTest {
    @TempDir
    Path dir;

    /** A row whose loopback part measures and judges, then whose remote part fails as a peer makes it. */
    private static final class RowWithFailingRemote implements Experiment {
        private final FakeExperiment loopback = new FakeExperiment("row", false);
        private final RemotePart.Measurement remote;

        RowWithFailingRemote(RemotePart.Measurement remote) {
            this.remote = remote;
        }

        @Override
        public String id() {
            return loopback.id();
        }

        @Override
        public String title() {
            return loopback.title();
        }

        @Override
        public mechsym.lab.Seed seed() {
            return loopback.seed();
        }

        @Override
        public String claim() {
            return loopback.claim();
        }

        @Override
        public List<Table> seedFigures() {
            return loopback.seedFigures();
        }

        @Override
        public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
            loopback.run(context, result);
            RemotePart.run(result, context.progress(), "remote gateway http://10.0.0.2:8080", remote);
        }
    }

    @Test
    void aRemoteFailureKeepsTheLoopbackTablesVerdictAndGoals() throws IOException {
        LabRun whole = new LabRunner(Profile.TINY, dir.resolve("whole"), Progress.silent(), "t", "t")
                .run(List.of(new FakeExperiment("row", false)));
        LabRun run = new LabRunner(Profile.TINY, dir.resolve("part"), Progress.silent(), "t", "t")
                .run(List.of(new RowWithFailingRemote(() -> {
                    throw new IllegalArgumentException("a rate must be positive, was 0");
                })));

        ExperimentResult row = run.experiment("row");
        ExperimentResult expected = whole.experiment("row");
        assertThat(row.status()).isEqualTo(ExperimentResult.Status.OK);
        assertThat(row.verdict()).isEqualTo(expected.verdict());
        assertThat(row.goals()).isEqualTo(expected.goals());
        assertThat(row.tables()).isEqualTo(expected.tables());
        assertThat(row.failedParts())
                .containsExactly(new ExperimentResult.FailedPart(
                        "remote gateway http://10.0.0.2:8080",
                        "IllegalArgumentException: a rate must be positive, was 0"));

        LabRun read = ResultsJson.read(dir.resolve("part").resolve("results.json"));
        assertThat(read.experiment("row").failedParts()).isEqualTo(row.failedParts());
        assertThat(Files.readString(dir.resolve("part").resolve("report.html")))
                .contains("Failed part:</b> remote gateway http://10.0.0.2:8080: IllegalArgumentException");
        assertThat(whole.experiment("row").failedParts()).isEmpty();
    }

    @Test
    void aPeersWordsInTheFailureAreEscapedAndCut() throws IOException {
        LabRun run = new LabRunner(Profile.TINY, dir, Progress.silent(), "t", "t")
                .run(List.of(new RowWithFailingRemote(() -> {
                    throw new IOException("answered \u001B]0;pwned\u0007" + "x".repeat(1000));
                })));
        String error = run.experiment("row").failedParts().getFirst().error();
        assertThat(error).startsWith("answered \\u001B]0;pwned\\u0007xxx").endsWith("…");
        assertThat(error.length()).isLessThan(400);
    }

    @Test
    void anInterruptedRunIsNotARemoteFailure() {
        ExperimentResult.Builder result = new ExperimentResult.Builder(new FakeExperiment("row", false));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RemotePart.run(result, Progress.silent(), "r", () -> {
                    throw new InterruptedException();
                }))
                .isInstanceOf(InterruptedException.class);
        assertThat(result.ok(0).failedParts()).isEmpty();
    }

    @Test
    void aFileWithoutFailedPartsReadsAsNone() throws IOException {
        Path file = Files.writeString(
                dir.resolve("results.json"),
                "{\"schema\":\"mechsym-lab-results/1\",\"experiments\":[{\"id\":\"x\",\"status\":\"OK\",\"tables\":[],"
                        + "\"charts\":[],\"headlines\":[],\"notes\":[]}]}");
        assertThat(ResultsJson.read(file).experiment("x").failedParts()).isEmpty();
    }
}
