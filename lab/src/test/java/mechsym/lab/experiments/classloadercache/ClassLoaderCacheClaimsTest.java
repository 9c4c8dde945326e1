package mechsym.lab.experiments.classloadercache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both findings over the rounds' N-to-1 ratios, on both sides of their lines and across them; the loaders. */
class ClassLoaderCacheClaimsTest {
    @TempDir
    Path dir;

    /** One round at 1 and 2 threads: the cache's and today's synchronized loader's ops/ms. */
    private static Map<String, Map<Integer, Double>> round(double chm1, double chm2, double web1, double web2) {
        return Map.of(
                "chm-cache", Map.of(1, chm1, 2, chm2),
                "tomcat-webapp", Map.of(1, web1, 2, web2),
                "tomcat-parallel", Map.of(1, 100.0, 2, 150.0));
    }

    private static List<Outcome> outcomes(int cores, List<Map<String, Map<Integer, Double>>> rounds) {
        return ClassLoaderCacheClaims.judge(new ClassLoaderCacheFigures(rounds, cores)).claims().stream()
                .map(Verdict.Claim::outcome)
                .toList();
    }

    @Test
    void aScalingCacheAndAFlatLockInEveryRoundIsReproduced() {
        var rounds = List.of(round(1000, 1900, 100, 101), round(1000, 1800, 100, 98));
        assertThat(outcomes(2, rounds)).containsExactly(Outcome.REPRODUCED, Outcome.REPRODUCED);
        assertThat(ClassLoaderCacheClaims.judge(new ClassLoaderCacheFigures(rounds, 2))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void eachFindingOnTheOtherSideOfItsLineOrAcrossIt() {
        assertThat(outcomes(2, List.of(round(1000, 1200, 100, 150), round(1000, 1100, 100, 140))))
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED);
        assertThat(outcomes(2, List.of(round(1000, 1900, 100, 101), round(1000, 1100, 100, 140))))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
        assertThat(outcomes(2, List.of(round(1000, 1900, 100, 101))))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
    }

    @Test
    void thePostsTomcatIsJudgedWhenItRan() {
        var rounds = List.of(
                Map.of("chm-cache", Map.of(1, 1.0, 2, 2.0), "tomcat8-webapp", Map.of(1, 1.0, 2, 2.0)),
                Map.of("chm-cache", Map.of(1, 1.0, 2, 2.0), "tomcat8-webapp", Map.of(1, 1.0, 2, 2.0)));
        Verdict verdict = ClassLoaderCacheClaims.judge(new ClassLoaderCacheFigures(rounds, 2));
        assertThat(verdict.claims().get(1).reason()).contains("tomcat8-webapp");
        assertThat(verdict.claims().get(1).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresAreUndecidedAndOneCpuNotMeasurableHere() {
        assertThat(outcomes(2, List.of(Map.of("chm-cache", Map.of(1, 1.0))))).containsOnly(Outcome.INCONCLUSIVE);
        Verdict one = ClassLoaderCacheClaims.judge(
                new ClassLoaderCacheFigures(List.of(round(1, 2, 1, 1), round(1, 2, 1, 1)), 1));
        assertThat(one.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(one.claims().getFirst().reason()).contains("One CPU").contains("Needs: two CPUs");
    }

    @Test
    void theSeedTableKeepsThePostsRowsAndTheirCounts() {
        Table seed = new ClassLoaderCacheExperiment().seedFigures().get(0);
        assertThat(seed.rows()).hasSize(11 + 16 + 16 + 16);
        assertThat(seed.rows().get(0)).containsExactly("GuavaCaching", 1, 3687);
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
