package mechsym.lab.rigs.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Progress;
import mechsym.lab.Table;
import mechsym.lab.runner.LabRunner;

/** Runs one experiment on {@link Profile#TINY} through the real runner and checks its shape. */
public final class TinyRun {
    private TinyRun() {}

    /** The experiment's result after a tiny run into {@code dir}; fails unless it finished OK with a verdict. */
    public static ExperimentResult run(Experiment experiment, Path dir) throws IOException {
        ExperimentResult result = new LabRunner(Profile.TINY, dir, Progress.silent(), "test", "test")
                .run(List.of(experiment))
                .experiment(experiment.id());
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
