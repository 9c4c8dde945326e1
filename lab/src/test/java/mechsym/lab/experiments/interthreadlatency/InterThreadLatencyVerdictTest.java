package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Summary;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.interthreadlatency.InterThreadLatencyVerdict.Figures;
import org.junit.jupiter.api.Test;

/** The post's fence and mechsym's 15% goal against C++, judged together. */
class InterThreadLatencyVerdictTest {
    private static Summary ratios(double... r) {
        return Summary.of(r);
    }

    @Test
    void theFenceAndBothWithinFifteenPercentReproduce() {
        var v = InterThreadLatencyVerdict.judge(new Figures(true, ratios(1.0, 1.05, 1.1), ratios(0.9, 1.0), 150.0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("as the post shows").contains("mechsym's goal");
    }

    @Test
    void oneOutsideTheGoalIsPartly() {
        var v = InterThreadLatencyVerdict.judge(new Figures(true, ratios(1.3, 1.4), ratios(1.0), 150.0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("Not both within 15%");
    }

    @Test
    void noFenceAndNeitherWithinIsNotReproduced() {
        var v = InterThreadLatencyVerdict.judge(new Figures(false, ratios(1.5), ratios(1.6), 150.0));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aTimeSlicedBaselineCannotTestTheLatency() {
        var v = InterThreadLatencyVerdict.judge(new Figures(null, ratios(1.0), ratios(1.0), 50_000.0));
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("time-sliced");
    }

    @Test
    void missingFiguresNeverThrow() {
        assertThat(InterThreadLatencyVerdict.judge(new Figures(null, null, null, null))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(InterThreadLatencyVerdict.judge(new Figures(true, null, ratios(1.0), null))
                        .outcome())
                .isEqualTo(Outcome.PARTLY);
    }
}
