package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.experiments.queues.QueuesGoals.Pair;
import org.junit.jupiter.api.Test;

/**
 * mechsym's queues against their peers, on both sides of each line and across it, and when they cannot
 * be judged: two-thread pairs only on 4 cores or more; the same-thread goal everywhere.
 */
class QueuesGoalsTest {
    private static final List<Double> THEIRS = List.of(100.0, 100.0, 100.0, 100.0, 100.0);

    private static Pair pair(Double... ours) {
        return new Pair("ours", "theirs", List.of(ours), THEIRS.subList(0, ours.length));
    }

    @Test
    void aPairGoalIsMetFromNinetyFivePercentOnFourCores() {
        assertThat(QueuesGoals.pairGoal(pair(95.0, 96.0, 100.0), 4).status()).isEqualTo(Goal.Status.MET);
        assertThat(QueuesGoals.pairGoal(pair(90.0, 94.0, 93.0), 4).status()).isEqualTo(Goal.Status.MISSED);
        assertThat(QueuesGoals.pairGoal(pair(90.0, 96.0, 100.0), 4).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(QueuesGoals.pairGoal(pair(100.0), 8).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(QueuesGoals.pairGoal(new Pair("a", "b", List.of(), THEIRS), 8)
                        .status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void belowFourCoresAPairIsNotMeasurableWhateverItsFigures() {
        Goal met = QueuesGoals.pairGoal(pair(100.0, 101.0, 102.0, 103.0, 104.0), 2);
        assertThat(met.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(met.figures()).contains("Needs: >= 4 cores").contains("2 cores");
        assertThat(QueuesGoals.pairGoal(pair(50.0, 50.0, 50.0), 3).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void theSameThreadGoalComparesWithTheFastestPeerOverForks() {
        List<Double> agrona = List.of(2.0, 2.0, 2.0, 2.0, 2.0);
        Goal met = QueuesGoals.sameThreadGoal(Map.of(
                "mechsym-spsc", List.of(1.8, 1.9, 1.9, 2.0, 1.7),
                "jctools-spsc", List.of(3.0, 3.0, 3.0, 3.0, 3.0),
                "agrona-one-to-one", agrona));
        assertThat(met.status()).isEqualTo(Goal.Status.MET);
        assertThat(met.figures()).contains("agrona-one-to-one");
        Goal missed = QueuesGoals.sameThreadGoal(
                Map.of("mechsym-spsc", List.of(2.1, 2.2, 2.1, 2.3, 2.1), "agrona-one-to-one", agrona));
        assertThat(missed.status()).isEqualTo(Goal.Status.MISSED);
        Goal across = QueuesGoals.sameThreadGoal(
                Map.of("mechsym-spsc", List.of(1.9, 2.1, 2.0, 2.2, 1.8), "agrona-one-to-one", agrona));
        assertThat(across.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(QueuesGoals.sameThreadGoal(Map.of("jctools-spsc", List.of(3.0)))
                        .status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
