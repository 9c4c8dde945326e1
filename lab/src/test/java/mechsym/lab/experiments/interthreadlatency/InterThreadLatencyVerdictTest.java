package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Summary;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;
import mechsym.lab.experiments.interthreadlatency.InterThreadLatencyVerdict.Latency;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;
import org.junit.jupiter.api.Test;

/** The post's fence as the verdict; mechsym's 15% against C++ as goals beside it. */
class InterThreadLatencyVerdictTest {
    private static Fences fences(int volatileFences, int release, int opaque) {
        return new Fences(Map.of(Mode.VOLATILE, volatileFences, Mode.RELEASE_ACQUIRE, release, Mode.OPAQUE, opaque));
    }

    private static Summary ratios(double... r) {
        return Summary.of(r);
    }

    private static List<Goal.Status> statuses(Latency latency) {
        return InterThreadLatencyVerdict.goals(latency).stream()
                .map(Goal::status)
                .toList();
    }

    @Test
    void aFenceAfterTheVolatileStoreAloneReproduces() {
        var v = InterThreadLatencyVerdict.judge(fences(2, 0, 0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason())
                .contains("volatile 2, release_acquire 0, opaque 0")
                .doesNotContain("goal");
    }

    @Test
    void aFenceAfterAWeakerStoreTooIsPartly() {
        var v = InterThreadLatencyVerdict.judge(fences(2, 1, 0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(c -> c.outcome()).containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void noFenceAnywhereIsPartlyAndFencesEverywhereNotReproduced() {
        assertThat(InterThreadLatencyVerdict.judge(fences(0, 0, 0)).claims())
                .extracting(c -> c.outcome())
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.REPRODUCED);
        assertThat(InterThreadLatencyVerdict.judge(fences(0, 1, 1)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noC2CodeIsInconclusive() {
        assertThat(InterThreadLatencyVerdict.judge(null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theGoalsAreMetAtOrBelowFifteenPercentAndMissedAbove() {
        assertThat(statuses(new Latency(ratios(1.0, 1.05, 1.1), ratios(0.9, 1.15), 150.0)))
                .containsExactly(Goal.Status.MET, Goal.Status.MET);
        assertThat(statuses(new Latency(ratios(1.3, 1.4), ratios(1.16), 150.0)))
                .containsExactly(Goal.Status.MISSED, Goal.Status.MISSED);
    }

    @Test
    void aTimeSlicedBaselineMakesTheGoalsNotMeasurableNamingTwoFreeCores() {
        var goals = InterThreadLatencyVerdict.goals(new Latency(ratios(1.0), ratios(1.0), 50_000.0));
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("time-sliced").contains("two free cores");
        assertThat(statuses(new Latency(ratios(1.0), ratios(1.0), 1_999.0))).containsOnly(Goal.Status.MET);
    }

    @Test
    void aMissingBaselineMakesTheGoalsNotMeasurable() {
        assertThat(statuses(new Latency(null, ratios(1.0), null))).containsOnly(Goal.Status.NOT_MEASURABLE);
    }
}
