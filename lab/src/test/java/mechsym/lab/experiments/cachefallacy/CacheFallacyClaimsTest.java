package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.cachefallacy.CacheFallacyClaims.Litmus;
import org.junit.jupiter.api.Test;

/** The litmus (reordered without a fence, never with one) and the fence's cost, each able to fail. */
class CacheFallacyClaimsTest {
    private static final Litmus SEEN = new Litmus(1_230_000, 48_600_000, 0, 48_600_000, null);
    private static final List<Double> VOLATILE = List.of(6.0, 6.2, 5.9, 6.1, 6.0);
    private static final List<Double> RELEASE = List.of(1.0, 1.0, 1.1, 1.0, 0.9);

    private static Outcome claim(Verdict v, String claim) {
        return v.claims().stream()
                .filter(c -> c.claim().equals(claim))
                .findFirst()
                .orElseThrow()
                .outcome();
    }

    @Test
    void theLitmusAndTheFenceCostReproduce() {
        var v = CacheFallacyClaims.judge(SEEN, VOLATILE, RELEASE);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims().getFirst().reason())
                .contains("1230000 of 48600000")
                .doesNotContain("goal");
    }

    @Test
    void noReorderingInManySamplesIsNotReproduced() {
        var v = CacheFallacyClaims.judge(new Litmus(0, 200_000, 0, 200_000, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyClaims.REORDERS)).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void noReorderingInFewSamplesDecidesNothing() {
        var v = CacheFallacyClaims.judge(new Litmus(0, 99_999, 0, 99_999, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyClaims.REORDERS)).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void noReorderingWithTheFenceInFewSamplesDecidesNothing() {
        var v = CacheFallacyClaims.judge(new Litmus(10, 1_000, 0, 99_999, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyClaims.FENCE_STOPS)).isEqualTo(Outcome.INCONCLUSIVE);
        var many = CacheFallacyClaims.judge(new Litmus(10, 1_000, 0, 100_000, null), VOLATILE, RELEASE);
        assertThat(claim(many, CacheFallacyClaims.FENCE_STOPS)).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void oneForkDecidesNothing() {
        var v = CacheFallacyClaims.judge(SEEN, List.of(6.0), List.of(1.0));
        assertThat(claim(v, CacheFallacyClaims.LAZY_SET)).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void aReorderingWithTheFenceFailsThatSubClaim() {
        var v = CacheFallacyClaims.judge(new Litmus(10, 1_000, 1, 1_000, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyClaims.REORDERS)).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, CacheFallacyClaims.FENCE_STOPS)).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void theFenceCostIsJudgedPerForkAgainstOnePointFiveOurLine() {
        var below = CacheFallacyClaims.judge(SEEN, List.of(1.3, 1.4, 1.2), List.of(1.0, 1.0, 1.0));
        assertThat(claim(below, CacheFallacyClaims.LAZY_SET)).isEqualTo(Outcome.NOT_REPRODUCED);
        var across = CacheFallacyClaims.judge(SEEN, List.of(1.3, 1.6, 1.7), List.of(1.0, 1.0, 1.0));
        assertThat(claim(across, CacheFallacyClaims.LAZY_SET)).isEqualTo(Outcome.INCONCLUSIVE);
        var above = CacheFallacyClaims.judge(SEEN, List.of(1.5, 1.6, 1.7), List.of(1.0, 1.0, 1.0));
        assertThat(claim(above, CacheFallacyClaims.LAZY_SET)).isEqualTo(Outcome.REPRODUCED);
        assertThat(above.claims())
                .filteredOn(c -> c.claim().equals(CacheFallacyClaims.LAZY_SET))
                .allSatisfy(c -> assertThat(c.lineIsOurs()).isTrue());
    }

    @Test
    void missingFiguresAreInconclusiveAndNeverThrow() {
        var v = CacheFallacyClaims.judge(Litmus.missing("no jcstress jar"), List.of(), List.of());
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.claims().getFirst().reason()).contains("no jcstress jar");
    }
}
