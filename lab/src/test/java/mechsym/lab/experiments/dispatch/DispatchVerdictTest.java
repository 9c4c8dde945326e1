package mechsym.lab.experiments.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** Steps of 2x or more are the post's size (it shows ~3x); 1.3x is a step, no more. */
class DispatchVerdictTest {

    @Test
    void thePostsOwnMediansReproduce() {
        var v = DispatchVerdict.judge(3.0957e9, 1.0173e9, 3.073e8);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("3.0x").contains("3.3x").contains("both steps");
    }

    @Test
    void stepsOfOnePointThreeAreOnlyPartly() {
        var v = DispatchVerdict.judge(1.3e9, 1.0e9, 0.75e9);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("neither step").contains("Steps of 1.3x or more: both");
    }

    @Test
    void oneStepAtThePostsSizeIsPartly() {
        assertThat(DispatchVerdict.judge(3e9, 1e9, 0.95e9).outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void aFlatProfileIsNotReproduced() {
        assertThat(DispatchVerdict.judge(1.0e9, 0.95e9, 0.9e9).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aMissingPhaseIsInconclusive() {
        assertThat(DispatchVerdict.judge(3e9, null, 0.3e9).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(DispatchVerdict.judge(null, null, null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
