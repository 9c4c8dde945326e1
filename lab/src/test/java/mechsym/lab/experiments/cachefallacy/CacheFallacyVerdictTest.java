package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The fence at 3x a release store, false sharing at 2x, each able to fail. */
class CacheFallacyVerdictTest {

    @Test
    void bothEffectsReproduce() {
        assertThat(CacheFallacyVerdict.judge(6.0, 1.0, 40.0, 10.0).outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void oneEffectIsPartlyAndNamesTheOther() {
        var v = CacheFallacyVerdict.judge(6.0, 1.0, 12.0, 10.0);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("False sharing did not show 2x");
        assertThat(CacheFallacyVerdict.judge(2.0, 1.0, 40.0, 10.0).reason()).contains("less than 3x");
    }

    @Test
    void neitherIsNotReproduced() {
        assertThat(CacheFallacyVerdict.judge(1.5, 1.0, 11.0, 10.0).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingScoresNeverThrow() {
        assertThat(CacheFallacyVerdict.judge(null, null, null, null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(CacheFallacyVerdict.judge(1.5, 1.0, null, null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(CacheFallacyVerdict.judge(6.0, 1.0, null, null).outcome()).isEqualTo(Outcome.PARTLY);
    }
}
