package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict compares ours and theirs round by round, not the medians of each. */
class QueuesExperimentTest {

    @Test
    void ratiosArePairedByRound() {
        // the machine got busier in round 2: both slowed, the ratio did not
        List<Double> ratios = QueuesExperiment.pairedRatios(List.of(300.0, 150.0, 330.0), List.of(300.0, 150.0, 300.0));
        assertThat(ratios).hasSize(3);
        assertThat(ratios.get(0)).isCloseTo(1.0, within(1e-12));
        assertThat(ratios.get(1)).isCloseTo(1.0, within(1e-12));
        assertThat(ratios.get(2)).isCloseTo(1.1, within(1e-12));
    }

    @Test
    void anUnfinishedRoundIsLeftOut() {
        assertThat(QueuesExperiment.pairedRatios(List.of(2.0, 4.0), List.of(1.0)))
                .containsExactly(2.0);
    }
}
