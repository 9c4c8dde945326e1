package mechsym.lab.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.lab.runner.ExperimentCatalog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every experiment runs end to end on the tiny profile (not a measurement): it must finish OK, fill
 * its measured tables with positive figures, and state a verdict. memory-access is covered by the
 * CLI's end-to-end test. The runs are {@linkplain TinyRun#shared shared} with the experiments' own
 * tests, which check more of the same run. Tagged {@value #TAG}: {@code -DexcludedGroups=tiny-lab}
 * skips these (about two and a half minutes on 2 vCPUs) in a local run; CI runs them.
 */
@Tag(TinyRunTest.TAG)
class TinyRunTest {
    static final String TAG = "tiny-lab";

    static Stream<String> ids() {
        return ExperimentCatalog.ids().stream().filter(id -> !id.equals("memory-access"));
    }

    @ParameterizedTest
    @MethodSource("ids")
    void runsOnTheTinyProfile(String id) throws IOException {
        TinyRun.Shared run =
                TinyRun.shared(ExperimentCatalog.select(List.of(id)).getFirst());
        Path dir = run.dir();
        ExperimentResult result = run.result(id);
        assertThat(result.status()).as(result.error()).isEqualTo(ExperimentResult.Status.OK);
        List<Table> measured = result.tables().stream()
                .filter(t -> t.source() == Table.Source.MEASURED)
                .toList();
        assertThat(measured).isNotEmpty().allSatisfy(t -> assertThat(t.rows()).isNotEmpty());
        for (Table t : measured) {
            for (List<Object> row : t.rows()) {
                for (int c = 0; c < row.size(); c++) {
                    if (t.columns().get(c).unit() != null
                            && row.get(c) instanceof Number n
                            && !Double.isNaN(n.doubleValue())) {
                        assertThat(n.doubleValue())
                                .as(t.id() + " " + t.columns().get(c).name())
                                .isGreaterThanOrEqualTo(0);
                    }
                }
            }
        }
        assertThat(result.verdict().reason()).isNotBlank();
        assertThat(result.charts()).isNotEmpty();
        assertThat(dir.resolve("report.html")).isNotEmptyFile();
        assertThat(java.nio.file.Files.readString(dir.resolve("report.html")))
                .as("every chart of " + id + " draws")
                .doesNotContain("could not be drawn");
    }
}
