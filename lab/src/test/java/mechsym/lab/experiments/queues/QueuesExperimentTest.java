package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

/** The verdict compares ours and theirs round by round, not the medians of each. */
class QueuesExperimentTest {

    @Test
    void theVerdictJudgesEachPairsMedianRatioAndStatesEachMedianOnce() {
        // three steady rounds: the ring at 1.0x, both SPSC pairs at 0.9x
        Map<String, List<Double>> rates = Map.of(
                "mechsym-ring", List.of(20.0, 22.0, 21.0),
                "disruptor-ring", List.of(20.0, 22.0, 21.0),
                "mechsym-spsc", List.of(270.0, 288.0, 279.0),
                "jctools-spsc", List.of(300.0, 320.0, 310.0),
                "mechsym-spsc-class", List.of(270.0, 288.0, 279.0),
                "jctools-spsc-class", List.of(300.0, 320.0, 310.0));
        ExperimentResult.Builder builder = new ExperimentResult.Builder(new QueuesExperiment());
        QueuesExperiment.verdict(builder, rates, Map.of());
        ExperimentResult result = builder.ok(1);

        assertThat(result.verdict().outcome()).isEqualTo(Verdict.partly("x").outcome());
        assertThat(result.verdict().reason())
                .contains("mechsym-ring / disruptor-ring 1.000x")
                .contains("mechsym-spsc / jctools-spsc 0.900x")
                .contains("1 of 3 pairs")
                .doesNotContain("elements/µs"); // the headlines carry the rest, once
        assertThat(result.headlines())
                .anySatisfy(h -> assertThat(h)
                        .contains("mechsym-spsc / jctools-spsc per round: median 0.900x, goal 0.95 missed"));
    }
}
