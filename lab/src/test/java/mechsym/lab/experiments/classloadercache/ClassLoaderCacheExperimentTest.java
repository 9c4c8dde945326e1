package mechsym.lab.experiments.classloadercache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassLoaderCacheExperimentTest {
    @TempDir
    Path dir;

    private static Map<String, Map<Integer, Double>> figures(double chm1, double chm2, double web1, double web2) {
        return Map.of(
                "chm-cache", Map.of(1, chm1, 2, chm2),
                "tomcat-webapp", Map.of(1, web1, 2, web2),
                "tomcat-parallel", Map.of(1, 100.0, 2, 150.0));
    }

    private static Verdict verdictOf(Map<String, Map<Integer, Double>> figures, int cores) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new ClassLoaderCacheExperiment());
        ClassLoaderCacheExperiment.verdict(builder, figures, cores);
        return builder.ok(1).verdict();
    }

    @Test
    void aScalingCacheAndAFlatLockIsReproduced() {
        Verdict v = verdictOf(figures(10_000, 18_000, 100, 105), 2);
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1.80x", "1.05x", "ParallelWebappClassLoader does 150", "still pays");
    }

    @Test
    void aCacheThatDoesNotScaleIsPartly() {
        Verdict v = verdictOf(figures(10_000, 12_000, 100, 100), 2);
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("less than 1.4x");
    }

    @Test
    void aLockThatScalesTooIsPartly() {
        Verdict v = verdictOf(figures(10_000, 18_000, 100, 150), 2);
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("gained more than 15%");
    }

    @Test
    void neitherIsNotReproducedAndACheapParallelLoaderNeedsNoCache() {
        Map<String, Map<Integer, Double>> figures = Map.of(
                "chm-cache", Map.of(1, 100.0, 2, 100.0),
                "tomcat-webapp", Map.of(1, 100.0, 2, 190.0),
                "tomcat-parallel", Map.of(2, 80.0));
        Verdict v = verdictOf(figures, 2);
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
        assertThat(v.reason()).contains("no longer needs the cache");
    }

    @Test
    void missingFiguresAreInconclusiveAndOneCpuNotMeasurableHere() {
        assertThat(verdictOf(Map.of("chm-cache", Map.of(1, 1.0)), 2).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(verdictOf(figures(1, 2, 1, 1), 1))
                .satisfies(v -> assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NOT_MEASURABLE_HERE))
                .satisfies(v -> assertThat(v.reason()).contains("one CPU").contains("Needs: two CPUs"));
    }

    @Test
    void theSeedTableKeepsThePostsRowsAndTheirCounts() {
        Table seed = new ClassLoaderCacheExperiment().seedFigures().get(0);
        assertThat(seed.rows()).hasSize(11 + 16 + 16 + 16);
        assertThat(seed.rows().get(0)).containsExactly("GuavaCaching", 1, 3687);
        assertThat(ClassLoaderCacheExperiment.seedSingleThreadRatio()).isBetween(150.4, 150.6); // 27241 / 181
    }

    @Test
    void everyLoaderLoadsTheJdksClassesAndItsOwnJarsClassAndStopsCleanly() throws Exception {
        for (String name : ClassLoaderCacheExperiment.LOADERS) {
            Path work = dir.resolve(name);
            try (Loaders.Opened opened = Loaders.open(name, work)) {
                ClassLoader loader = opened.loader();
                assertThat(loader.loadClass("java.util.ArrayDeque")).isSameAs(java.util.ArrayDeque.class);
                Class<?> owned = loader.loadClass(OwnedJar.CLASS_NAME);
                assertThat(owned.getName()).isEqualTo(OwnedJar.CLASS_NAME);
                assertThat(loader.loadClass(OwnedJar.CLASS_NAME))
                        .as(name + ": the same class twice")
                        .isSameAs(owned);
            }
            try (var left = java.nio.file.Files.list(work)) {
                assertThat(left.toList()).as(name + " left files behind").isEmpty();
            }
        }
    }
}
