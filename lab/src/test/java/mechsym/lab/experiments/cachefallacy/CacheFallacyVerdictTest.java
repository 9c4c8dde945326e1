package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.cachefallacy.CacheFallacyVerdict.Litmus;
import mechsym.lab.experiments.cachefallacy.CacheFallacyVerdict.Score;
import org.junit.jupiter.api.Test;

/** The litmus (reordered without a fence, never with one) and the fence's cost, each able to fail. */
class CacheFallacyVerdictTest {
    private static final Litmus SEEN = new Litmus(1_230_000, 48_600_000, 0, 48_600_000, null);
    private static final Score VOLATILE = new Score(6.0, 0.2);
    private static final Score RELEASE = new Score(1.0, 0.1);

    private static Outcome claim(Verdict v, String claim) {
        return v.claims().stream()
                .filter(c -> c.claim().equals(claim))
                .findFirst()
                .orElseThrow()
                .outcome();
    }

    @Test
    void theLitmusAndTheFenceCostReproduce() {
        var v = CacheFallacyVerdict.judge(SEEN, VOLATILE, RELEASE);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1230000 of 48600000").doesNotContain("goal");
    }

    @Test
    void noReorderingInManySamplesIsNotReproduced() {
        var v = CacheFallacyVerdict.judge(new Litmus(0, 200_000, 0, 200_000, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyVerdict.REORDERS)).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void noReorderingInFewSamplesDecidesNothing() {
        var v = CacheFallacyVerdict.judge(new Litmus(0, 99_999, 0, 99_999, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyVerdict.REORDERS)).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void noReorderingWithTheFenceInFewSamplesDecidesNothing() {
        var v = CacheFallacyVerdict.judge(new Litmus(10, 1_000, 0, 99_999, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyVerdict.FENCE_STOPS)).isEqualTo(Outcome.INCONCLUSIVE);
        var many = CacheFallacyVerdict.judge(new Litmus(10, 1_000, 0, 100_000, null), VOLATILE, RELEASE);
        assertThat(claim(many, CacheFallacyVerdict.FENCE_STOPS)).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void scoresWithoutAnErrorDecideNothing() {
        var v = CacheFallacyVerdict.judge(SEEN, new Score(6.0, Double.NaN), RELEASE);
        assertThat(claim(v, CacheFallacyVerdict.LAZY_SET)).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("no error");
    }

    @Test
    void aReorderingWithTheFenceFailsThatSubClaim() {
        var v = CacheFallacyVerdict.judge(new Litmus(10, 1_000, 1, 1_000, null), VOLATILE, RELEASE);
        assertThat(claim(v, CacheFallacyVerdict.REORDERS)).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, CacheFallacyVerdict.FENCE_STOPS)).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void storesWithinEachOthersErrorFailTheFenceCostAndNoRatioIsAsked() {
        assertThat(claim(
                        CacheFallacyVerdict.judge(SEEN, new Score(1.3, 0.2), new Score(1.0, 0.1)),
                        CacheFallacyVerdict.LAZY_SET))
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(
                        CacheFallacyVerdict.judge(SEEN, new Score(1.4, 0.2), new Score(1.0, 0.1)),
                        CacheFallacyVerdict.LAZY_SET))
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void missingFiguresAreInconclusiveAndNeverThrow() {
        var v = CacheFallacyVerdict.judge(Litmus.missing("no jcstress jar"), null, null);
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("no jcstress jar");
    }
}
