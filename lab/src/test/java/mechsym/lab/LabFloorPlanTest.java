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

    /**
     * One anatomy for every experiment package: {@code <X>Experiment}, {@code <X>Claims} (pure: figures
     * in, verdict out), {@code <X>Report}, and {@code <X>Goals} where the row has goals; no verdict
     * classes under older names, no claims that reach back into their experiment, no verdict logic in
     * the rigs.
     */
    @Test
    void everyExperimentPackageHasTheSameParts() throws IOException {
        List<String> faults = new ArrayList<>();
        try (Stream<Path> packages = Files.list(EXPERIMENTS)) {
            for (Path pkg : packages.filter(Files::isDirectory).toList()) {
                List<String> names;
                try (Stream<Path> files = Files.list(pkg)) {
                    names = files.map(f -> f.getFileName().toString()).toList();
                }
                String experiment = names.stream()
                        .filter(n -> n.endsWith("Experiment.java"))
                        .findFirst()
                        .orElse(null);
                if (experiment == null) {
                    faults.add(pkg + ": no <X>Experiment");
                    continue;
                }
                String x = experiment.substring(0, experiment.length() - "Experiment.java".length());
                for (String part : List.of("Claims", "Report")) {
                    if (!names.contains(x + part + ".java")) {
                        faults.add(pkg + ": no " + x + part);
                    }
                }
                for (String name : names) {
                    boolean oldName = name.endsWith("Verdict.java")
                            || name.endsWith("Findings.java")
                            || name.equals("SpeedGoals.java");
                    boolean strayGoals = name.endsWith("Goals.java") && !name.equals(x + "Goals.java");
                    if (oldName || strayGoals) {
                        faults.add(pkg + ": " + name + " (the parts are " + x + "Claims and " + x + "Goals)");
                    }
                }
                Path claims = pkg.resolve(x + "Claims.java");
                if (Files.exists(claims) && read(claims).contains(x + "Experiment")) {
                    faults.add(claims + " reaches back into " + x + "Experiment: claims take a figures record");
                }
            }
        }
        try (Stream<Path> rigs = Files.walk(Path.of("src/main/java/mechsym/lab/rigs"))) {
            rigs.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> read(f).contains("Verdict.Claim") || read(f).contains("Claim.judge"))
                    .forEach(f -> faults.add(f + ": verdict logic in a rig"));
        }
        assertThat(faults).isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
