package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment's sizes and how it reads JMH's iterations. */
class OffHeapStructuresExperimentTest {
    @Test
    void theHeapIsAsFullAsThePostsForEverySize() {
        assertThat(OffHeapStructuresExperiment.postsFillHeapMiB(50_000_000)).isEqualTo(4096);
        assertThat(OffHeapStructuresExperiment.postsFillHeapMiB(10_000_000)).isEqualTo(819);
    }

    @Test
    void eachForksIterationsAreAveragedInTurn() {
        assertThat(OffHeapStructuresExperiment.forkMeans(List.of(1.0, 3.0, 10.0, 20.0, 5.0, 5.0), 2))
                .containsExactly(2.0, 15.0, 5.0);
        assertThat(OffHeapStructuresExperiment.forkMeans(List.of(1.0, 3.0, 10.0), 2))
                .as("an unfinished fork is left out")
                .containsExactly(2.0);
    }
}
