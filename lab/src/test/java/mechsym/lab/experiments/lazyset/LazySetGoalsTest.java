package mechsym.lab.experiments.lazyset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** core's Sequence within 15% of AtomicLong.lazySet: both sides of the bar and across it with four cores. */
class LazySetGoalsTest {
    @TempDir
    Path sys;

    private Goal.Status status(List<Double> ratios, CpuTopology topology) {
        return LazySetGoals.goals(ratios, topology).getFirst().status();
    }

    @Test
    void fourCoresJudgeTheRatioOnBothSidesOfItsBar() throws IOException {
        CpuTopology four = MadeUpMachine.of(sys, 1, 4, 1);
        assertThat(status(List.of(0.9, 1.0, 1.1), four)).isEqualTo(Goal.Status.MET);
        assertThat(status(List.of(1.2, 1.3, 1.6), four)).isEqualTo(Goal.Status.MISSED);
        assertThat(status(List.of(1.0, 1.1, 1.2), four)).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(status(List.of(), four)).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void twoCoresNameTheCoresTheGoalNeeds() throws IOException {
        Goal goal = LazySetGoals.goals(List.of(1.0, 1.0), MadeUpMachine.of(sys, 1, 2, 1))
                .getFirst();
        assertThat(goal.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(goal.figures()).contains("Needs: >= 4 cores");
    }
}
