package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

/** The goals compare ours and theirs round by round, not the medians of each; the verdict is the post's. */
class QueuesExperimentTest {

    @Test
    void theGoalsJudgeEachPairsMedianRatioAndTheVerdictOnlyThePostsComparison() {
        // three steady rounds: the ring at 1.0x, both SPSC pairs at 0.9x; release indices 1.2x volatile
        Map<String, List<Double>> rates = Map.of(
                "mechsym-ring", List.of(20.0, 22.0, 21.0),
                "disruptor-ring", List.of(20.0, 22.0, 21.0),
                "mechsym-spsc", List.of(270.0, 288.0, 279.0),
                "jctools-spsc", List.of(300.0, 320.0, 310.0),
                "mechsym-spsc-class", List.of(270.0, 288.0, 279.0),
                "jctools-spsc-class", List.of(300.0, 320.0, 310.0),
                "mechsym-spsc-indexed", List.of(120.0, 120.0, 120.0),
                "mechsym-spsc-indexed-volatile", List.of(100.0, 100.0, 100.0));
        Map<String, List<Double>> costs = Map.of(
                "mechsym-spsc", List.of(2.0, 2.0, 2.1, 2.0, 1.9),
                "jctools-spsc", List.of(2.5, 2.5, 2.6, 2.5, 2.4));
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new QueuesExperiment());
        QueuesExperiment.verdict(builder, rates, Map.of(), costs, 4);
        ExperimentResult result = builder.ok(1);

        assertThat(result.verdict().outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(result.verdict().claims().getFirst().reason())
                .contains("1.20x")
                .doesNotContain("jctools")
                .doesNotContain("disruptor");
        assertThat(result.goals())
                .extracting(Goal::goal, Goal::status)
                .contains(
                        org.assertj.core.groups.Tuple.tuple(
                                "mechsym-ring >= 0.95x disruptor-ring (elements/µs, ratio per round)", Goal.Status.MET),
                        org.assertj.core.groups.Tuple.tuple(
                                "mechsym-spsc >= 0.95x jctools-spsc (elements/µs, ratio per round)",
                                Goal.Status.MISSED),
                        org.assertj.core.groups.Tuple.tuple(
                                "mechsym-mpsc >= 0.95x jctools-mpsc (elements/µs, ratio per round)",
                                Goal.Status.NOT_MEASURABLE),
                        org.assertj.core.groups.Tuple.tuple(QueuesGoals.SAME_THREAD_GOAL, Goal.Status.MET));
        assertThat(result.headlines())
                .anySatisfy(h -> assertThat(h)
                        .contains("mechsym-spsc / jctools-spsc per round: 0.90x")
                        .contains("missed"));

        // two cores: the same figures judge no pair, the same-thread goal still
        ExperimentResult.Builder twoCores = new ExperimentResult.Builder(new QueuesExperiment());
        QueuesExperiment.verdict(twoCores, rates, Map.of(), costs, 2);
        assertThat(twoCores.ok(1).goals())
                .filteredOn(g -> !g.goal().equals(QueuesGoals.SAME_THREAD_GOAL))
                .allSatisfy(g -> assertThat(g.status()).isEqualTo(Goal.Status.NOT_MEASURABLE));
    }
}
