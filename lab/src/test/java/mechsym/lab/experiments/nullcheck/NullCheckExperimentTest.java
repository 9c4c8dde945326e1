package mechsym.lab.experiments.nullcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

class NullCheckExperimentTest {
    private static Map<String, Double> scores(double present, double trueTrue) {
        return Map.of(
                "testPresentPresent", present,
                "testTrueTrue", trueTrue,
                "testZPresentPresent", present,
                "testZTrueTrue", trueTrue);
    }

    private static Verdict verdictOf(Map<String, Double> c2, Map<String, Double> c1) {
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new NullCheckExperiment());
        NullCheckExperiment.verdict(builder, c2, c1);
        return builder.ok(1).verdict();
    }

    @Test
    void c2SameAndC1FasterFlagIsReproduced() {
        Verdict v = verdictOf(scores(1000, 1030), scores(100, 115));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1.030x", "1.150x");
    }

    @Test
    void c2SameButC1AlsoSameIsPartly() {
        Verdict v = verdictOf(scores(1000, 960), scores(100, 104));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("C2 makes the two the same");
    }

    @Test
    void c2ApartButC1FasterIsPartly() {
        Verdict v = verdictOf(scores(1000, 1100), scores(100, 120));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).contains("differ by more than 5%");
    }

    @Test
    void neitherIsNotReproduced() {
        assertThat(verdictOf(scores(1000, 800), scores(100, 90)).outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
    }

    @Test
    void aMissingScoreIsInconclusiveNotAnException() {
        Verdict v = verdictOf(Map.of("testTrueTrue", 1.0), scores(100, 120));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("C2");
        assertThat(verdictOf(scores(1, 1), null).outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    }

    @Test
    void theSeedRatiosAreComputedFromThePostsTable() {
        // (482684.551 + 484919.891) / (492452.297 + 485969.596) and the client's pairs
        assertThat(NullCheckExperiment.seedTrueOverPresent("server")).isBetween(0.988, 0.990);
        assertThat(NullCheckExperiment.seedTrueOverPresent("client")).isBetween(1.176, 1.178);
    }

    @Test
    void theRingHoldsTheRateOfNullsItsLabelSays() {
        Operations ops = new Operations();
        assertThat(nullsIn(SometimesNullBenchmark.ring("never", ops))).isZero();
        assertThat(nullsIn(SometimesNullBenchmark.ring("1e-6", ops))).isEqualTo(1);
        assertThat(nullsIn(SometimesNullBenchmark.ring("1e-3", ops))).isEqualTo(1024);
        assertThat(nullsIn(SometimesNullBenchmark.ring("0.5", ops)))
                .isBetween(SometimesNullBenchmark.RING / 2 - 5000, SometimesNullBenchmark.RING / 2 + 5000);
    }

    private static int nullsIn(Operations[] ring) {
        int n = 0;
        for (Operations o : ring) {
            if (o == null) {
                n++;
            }
        }
        return n;
    }
}
