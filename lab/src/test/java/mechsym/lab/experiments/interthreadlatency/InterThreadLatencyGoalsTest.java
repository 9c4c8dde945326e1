package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Summary;
import mechsym.lab.experiments.interthreadlatency.InterThreadLatencyGoals.Latency;
import org.junit.jupiter.api.Test;

/** mechsym's 15% against C++, on both sides of its line, and when it cannot be judged. */
class InterThreadLatencyGoalsTest {
    private static Summary ratios(double... r) {
        return Summary.of(r);
    }

    private static List<Goal.Status> statuses(Latency latency) {
        return InterThreadLatencyGoals.goals(latency).stream().map(Goal::status).toList();
    }

    @Test
    void theGoalsAreMetAtOrBelowFifteenPercentAndMissedAbove() {
        assertThat(statuses(new Latency(ratios(1.0, 1.05, 1.1), ratios(0.9, 1.15), 150.0)))
                .containsExactly(Goal.Status.MET, Goal.Status.MET);
        assertThat(statuses(new Latency(ratios(1.3, 1.4), ratios(1.16, 1.2), 150.0)))
                .containsExactly(Goal.Status.MISSED, Goal.Status.MISSED);
    }

    @Test
    void aTimeSlicedBaselineMakesTheGoalsNotMeasurableNamingTwoFreeCores() {
        var goals = InterThreadLatencyGoals.goals(new Latency(ratios(1.0), ratios(1.0), 50_000.0));
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("time-sliced").contains("two free cores");
        assertThat(statuses(new Latency(ratios(1.0, 1.0), ratios(1.0, 1.0), 1_999.0)))
                .containsOnly(Goal.Status.MET);
    }

    @Test
    void aMissingBaselineMakesTheGoalsNotMeasurable() {
        assertThat(statuses(new Latency(null, ratios(1.0), null))).containsOnly(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void roundsThatDisagreeMakeTheGoalsNotMeasurable() {
        var goals = InterThreadLatencyGoals.goals(new Latency(ratios(0.21, 1.18, 4.2), ratios(1.0, 1.1), 150.0));
        assertThat(goals).extracting(Goal::status).containsExactly(Goal.Status.NOT_MEASURABLE, Goal.Status.MET);
        assertThat(goals.getFirst().figures()).contains("rounds 0.21-4.20").contains("two free cores");
    }
}
