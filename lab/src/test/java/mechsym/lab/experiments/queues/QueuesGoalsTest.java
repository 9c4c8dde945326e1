package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Summary;
import mechsym.lab.experiments.queues.QueuesGoals.Pair;
import org.junit.jupiter.api.Test;

/** mechsym's queues against their peers, on both sides of each line, and when they cannot be judged. */
class QueuesGoalsTest {
    private static Pair pair(double... ratios) {
        return new Pair("ours", "theirs", Summary.of(ratios));
    }

    @Test
    void aPairGoalIsMetFromNinetyFivePercent() {
        assertThat(QueuesGoals.pairGoal(pair(0.95, 0.96, 1.0)).status()).isEqualTo(Goal.Status.MET);
        assertThat(QueuesGoals.pairGoal(pair(0.94, 0.94, 1.0)).status()).isEqualTo(Goal.Status.MISSED);
    }

    @Test
    void oneRoundAWideSpreadOrAMissingSideIsNotMeasurable() {
        assertThat(QueuesGoals.pairGoal(pair(1.0)).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        var wide = QueuesGoals.pairGoal(pair(0.6, 1.2));
        assertThat(wide.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(wide.figures()).contains("two free cores");
        assertThat(QueuesGoals.pairGoal(pair(0.8, 1.2)).status()).isEqualTo(Goal.Status.MET);
        assertThat(QueuesGoals.pairGoal(new Pair("a", "b", null)).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void theSameThreadGoalComparesWithTheFastestPeer() {
        assertThat(QueuesGoals.sameThreadGoal(
                                Map.of("mechsym-spsc", 2.0, "jctools-spsc", 3.0, "agrona-one-to-one", 2.0))
                        .status())
                .isEqualTo(Goal.Status.MET);
        var missed =
                QueuesGoals.sameThreadGoal(Map.of("mechsym-spsc", 2.1, "jctools-spsc", 3.0, "agrona-one-to-one", 2.0));
        assertThat(missed.status()).isEqualTo(Goal.Status.MISSED);
        assertThat(missed.figures()).contains("agrona-one-to-one 2.00");
        assertThat(QueuesGoals.sameThreadGoal(Map.of("jctools-spsc", 3.0)).status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
