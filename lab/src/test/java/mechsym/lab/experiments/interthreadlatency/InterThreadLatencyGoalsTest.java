package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.experiments.interthreadlatency.InterThreadLatencyGoals.Latency;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mechsym's 15% against C++, on both sides of its bar and across it, and when it cannot be judged. */
class InterThreadLatencyGoalsTest {
    @TempDir
    Path sys;

    private CpuTopology four;

    @BeforeEach
    void machine() throws IOException {
        four = MadeUpMachine.of(sys.resolve("four"), 1, 4, 1);
    }

    private List<Goal.Status> statuses(Latency latency) {
        return InterThreadLatencyGoals.goals(latency, four).stream()
                .map(Goal::status)
                .toList();
    }

    @Test
    void theGoalsAreMetWhollyAtOrBelowFifteenPercentAndMissedWhollyAbove() {
        assertThat(statuses(new Latency(List.of(1.0, 1.05, 1.1), List.of(0.9, 1.15), 150.0)))
                .containsExactly(Goal.Status.MET, Goal.Status.MET);
        assertThat(statuses(new Latency(List.of(1.3, 1.4), List.of(1.16, 1.2), 150.0)))
                .containsExactly(Goal.Status.MISSED, Goal.Status.MISSED);
    }

    @Test
    void roundsAcrossTheBarOrOneRoundDecideNothing() {
        var goals = InterThreadLatencyGoals.goals(new Latency(List.of(0.21, 1.18, 4.2), List.of(1.0), 150.0), four);
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("straddles");
    }

    @Test
    void twoCoresNameTheFourCoresTheGoalsNeed() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys.resolve("vm"), 1, 2, 1);
        var goals = InterThreadLatencyGoals.goals(new Latency(List.of(1.0, 1.0), List.of(1.0, 1.0), 150.0), vm);
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("Needs: >= 4 cores");
    }

    @Test
    void aTimeSlicedBaselineMakesTheGoalsNotMeasurable() {
        var goals = InterThreadLatencyGoals.goals(new Latency(List.of(1.0, 1.0), List.of(1.0, 1.0), 50_000.0), four);
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("time-sliced");
        assertThat(statuses(new Latency(List.of(1.0, 1.0), List.of(1.0, 1.0), 1_999.0)))
                .containsOnly(Goal.Status.MET);
    }

    @Test
    void aMissingBaselineMakesTheGoalsNotMeasurable() {
        assertThat(statuses(new Latency(List.of(), List.of(1.0), null))).containsOnly(Goal.Status.NOT_MEASURABLE);
    }
}
