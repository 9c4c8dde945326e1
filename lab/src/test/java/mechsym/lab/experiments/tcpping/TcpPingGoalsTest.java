package mechsym.lab.experiments.tcpping;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import mechsym.lab.Goal;
import mechsym.lab.experiments.tcpping.TcpPingFigures.Case;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Java spin within 10% of C: judged round by round where four cores can be pinned, on both sides of 1.10x. */
class TcpPingGoalsTest {
    @TempDir
    Path sys;

    private static TcpPingFigures javaOverC(double... ratios) {
        TcpPingFigures.Builder b = TcpPingFigures.builder(ratios.length);
        for (int round = 0; round < ratios.length; round++) {
            b.record(new Case("c", "spin", Placement.CROSS_CORE), round, 10)
                    .record(new Case("java", "spin", Placement.CROSS_CORE), round, 10 * ratios[round]);
        }
        return b.build();
    }

    private static Goal.Status status(TcpPingFigures figures, CpuTopology topology) {
        return TcpPingGoals.goals(figures, topology).getFirst().status();
    }

    @Test
    void fourCoresJudgeTheRatioOnBothSidesOfItsBar() throws IOException {
        CpuTopology four = MadeUpMachine.of(sys, 1, 4, 1);
        assertThat(status(javaOverC(1.0, 1.05, 1.09), four)).isEqualTo(Goal.Status.MET);
        assertThat(status(javaOverC(1.12, 1.2, 1.3), four)).isEqualTo(Goal.Status.MISSED);
        assertThat(status(javaOverC(1.0, 1.1, 1.2), four)).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(status(TcpPingFigures.builder(2).build(), four)).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void twoCoresNameTheCoresTheGoalNeeds() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);
        Goal goal = TcpPingGoals.goals(javaOverC(1.0, 1.01, 1.02), vm).getFirst();
        assertThat(goal.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(goal.figures()).contains("Needs: >= 4 cores");
    }
}
