package mechsym.lab.experiments.nullcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** Each finding over the rounds' true/false to null/present ratios: both sides of its line and across it. */
class NullCheckClaimsTest {
    private static Map<String, Double> scores(double present, double trueTrue) {
        return Map.of(
                "testPresentPresent", present,
                "testTrueTrue", trueTrue,
                "testZPresentPresent", present,
                "testZTrueTrue", trueTrue);
    }

    /** Rounds with null/present at 1000 ops/ms and true/false at {@code ratios} times that. */
    private static List<Map<String, Double>> rounds(double... ratios) {
        return Arrays.stream(ratios).mapToObj(r -> scores(1000, 1000 * r)).toList();
    }

    private static List<Outcome> outcomes(List<Map<String, Double>> c2, List<Map<String, Double>> c1) {
        return NullCheckClaims.judge(new NullCheckFigures(c2, c1)).claims().stream()
                .map(Verdict.Claim::outcome)
                .toList();
    }

    @Test
    void c2SameWithinFivePercentEitherWayAndC1FasterByHalfThePosts() {
        assertThat(outcomes(rounds(1.03, 0.98, 1.01), rounds(1.15, 1.12, 1.2)))
                .containsExactly(Outcome.REPRODUCED, Outcome.REPRODUCED);
        assertThat(NullCheckClaims.judge(new NullCheckFigures(rounds(1.03, 0.98, 1.01), rounds(1.15, 1.12, 1.2)))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void c2ApartEitherWayAndC1NotFasterAreNotReproduced() {
        assertThat(outcomes(rounds(1.1, 1.08, 1.2), rounds(1.0, 1.02, 0.98)))
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED);
        assertThat(outcomes(rounds(0.9, 0.92, 0.8), rounds(1.0, 1.02, 0.98)).getFirst())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void roundsAcrossEitherLineAreUndecidedAndTheC2LineIsOurs() {
        assertThat(outcomes(rounds(1.02, 1.08, 1.01), rounds(1.15, 1.02, 1.2)))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
        Verdict verdict = NullCheckClaims.judge(new NullCheckFigures(rounds(1.02), rounds(1.2)));
        assertThat(verdict.claims()).extracting(Verdict.Claim::outcome).containsOnly(Outcome.INCONCLUSIVE);
        assertThat(verdict.claims().getFirst().lineIsOurs()).isTrue();
        assertThat(verdict.claims().get(1).lineIsOurs()).isFalse();
    }

    @Test
    void aMissingScoreIsUndecidedNotAnException() {
        Verdict v = NullCheckClaims.judge(new NullCheckFigures(List.of(Map.of("testTrueTrue", 1.0)), rounds(1.2, 1.2)));
        assertThat(v.claims().getFirst().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.claims().getFirst().reason()).contains("C2");
        assertThat(NullCheckClaims.judge(new NullCheckFigures(List.of(), List.of()))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
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
