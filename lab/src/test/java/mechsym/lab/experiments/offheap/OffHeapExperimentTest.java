package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment's sizes and how it reads JMH's iterations. */
class OffHeapExperimentTest {
    @Test
    void theHeapIsAsFullAsThePostsForEverySize() {
        assertThat(OffHeapExperiment.postsFillHeapMiB(50_000_000)).isEqualTo(4096);
        assertThat(OffHeapExperiment.postsFillHeapMiB(10_000_000)).isEqualTo(819);
    }

    @Test
    void eachForksIterationsAreAveragedInTurn() {
        assertThat(OffHeapExperiment.forkMeans(List.of(1.0, 3.0, 10.0, 20.0, 5.0, 5.0), 2))
                .containsExactly(2.0, 15.0, 5.0);
        assertThat(OffHeapExperiment.forkMeans(List.of(1.0, 3.0, 10.0), 2))
                .as("an unfinished fork is left out")
                .containsExactly(2.0);
    }
}
