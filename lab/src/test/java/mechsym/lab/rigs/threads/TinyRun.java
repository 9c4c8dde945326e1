package mechsym.lab.rigs.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
import mechsym.lab.runner.LabRunner;

/**
 * Runs one experiment on {@link Profile#TINY} through the real runner and checks its shape. An
 * experiment's tiny run is made once per test JVM and shared: TinyRunTest and the experiment's own
 * test check the same run rather than making it twice. Not thread-safe beyond its one lock: the
 * tests of a module run one after another.
 */
public final class TinyRun {
    /** Where the shared runs are written, one folder per experiment, kept after the tests for a look. */
    private static final Path RUNS = Path.of("target", "tiny-runs").toAbsolutePath();

    private static final Map<String, Shared> SHARED = new HashMap<>();

    private TinyRun() {}

    /**
     * One experiment's tiny run: its output folder ({@code results.json}, {@code report.html} and the
     * experiment's own folder) and its run.
     */
    public record Shared(Path dir, LabRun run) {
        public ExperimentResult result(String id) {
            return run.experiment(id);
        }
    }

    /**
     * The tiny run of {@code experiment}, made on the first call in this JVM into {@code
     * target/tiny-runs/<id>} and returned as it was on later calls. JMH's machine-wide lock is ignored
     * during it: the tiny profile measures nothing, so it need not wait for another build's JMH run.
     */
    public static synchronized Shared shared(Experiment experiment) throws IOException {
        Shared done = SHARED.get(experiment.id());
        if (done != null) {
            return done;
        }
        Path dir = RUNS.resolve(experiment.id());
        deleteRecursively(dir);
        String ignoreLock = System.getProperty(IGNORE_JMH_LOCK);
        System.setProperty(IGNORE_JMH_LOCK, "true");
        try {
            LabRun run = new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test").run(List.of(experiment));
            Shared shared = new Shared(dir, run);
            SHARED.put(experiment.id(), shared);
            return shared;
        } finally {
            if (ignoreLock == null) {
                System.clearProperty(IGNORE_JMH_LOCK);
            } else {
                System.setProperty(IGNORE_JMH_LOCK, ignoreLock);
            }
        }
    }

    private static final String IGNORE_JMH_LOCK = "jmh.ignoreLock";

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * The experiment's result of its {@linkplain #shared shared} tiny run; fails unless it finished OK
     * with a verdict.
     */
    public static ExperimentResult run(Experiment experiment) throws IOException {
        ExperimentResult result = shared(experiment).result(experiment.id());
        assertThat(result.status()).as(result.error()).isEqualTo(ExperimentResult.Status.OK);
        assertThat(result.verdict().reason()).isNotBlank();
        assertThat(result.headlines()).isNotEmpty();
        assertThat(result.tables())
                .filteredOn(t -> t.source() == Table.Source.SEED)
                .isNotEmpty();
        return result;
    }

    /** The text cells of column {@code name}. */
    public static List<String> texts(Table table, String name) {
        int c = table.columnIndex(name);
        assertThat(c).as("column " + name + " of " + table.id()).isNotNegative();
        return table.rows().stream().map(r -> String.valueOf(r.get(c))).toList();
    }

    /** The numbers of column {@code name}; asserts every cell is a finite positive number. */
    public static List<Double> positives(Table table, String name) {
        int c = table.columnIndex(name);
        assertThat(c).as("column " + name + " of " + table.id()).isNotNegative();
        List<Double> values = table.rows().stream()
                .map(r -> ((Number) r.get(c)).doubleValue())
                .toList();
        assertThat(values)
                .as(table.id() + "." + name)
                .isNotEmpty()
                .allSatisfy(v -> assertThat(v).isFinite().isPositive());
        return values;
    }
}
