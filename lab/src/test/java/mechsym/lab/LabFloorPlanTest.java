package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mechsym.lab.runner.ExperimentCatalog;
import org.junit.jupiter.api.Test;

/**
 * The lab's floor plan, read from its sources: an experiment package uses the author API, the shared
 * rigs and the seed catalog, never another experiment; every experiment's seed is a catalog constant.
 */
class LabFloorPlanTest {
    private static final Path EXPERIMENTS = Path.of("src/main/java/mechsym/lab/experiments");
    private static final Pattern EXPERIMENT_REFERENCE = Pattern.compile("mechsym\\.lab\\.experiments\\.(\\w+)");

    @Test
    void noExperimentUsesAnotherExperiment() throws IOException {
        List<String> crossings = new ArrayList<>();
        try (Stream<Path> files = Files.walk(EXPERIMENTS)) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                String own = EXPERIMENTS.relativize(file).getName(0).toString();
                Matcher reference = EXPERIMENT_REFERENCE.matcher(read(file));
                while (reference.find()) {
                    if (!reference.group(1).equals(own)) {
                        crossings.add(file + " uses " + reference.group());
                    }
                }
            });
        }
        assertThat(crossings).isEmpty();
    }

    @Test
    void everySeedIsACatalogConstant() {
        List<Seed> catalog = Stream.of(mechsym.lab.seeds.SeedPosts.class.getFields())
                .filter(field -> field.getType() == Seed.class)
                .map(field -> {
                    try {
                        return (Seed) field.get(null);
                    } catch (IllegalAccessException e) {
                        throw new AssertionError(e);
                    }
                })
                .toList();
        for (Experiment experiment : ExperimentCatalog.all()) {
            assertThat(catalog).as(experiment.id()).anyMatch(seed -> seed == experiment.seed());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
