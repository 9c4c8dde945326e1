package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.experiments.herding.HerdingFigures.RoundTrip;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mechsym's placement bars: judged round by round with four cores on both sides of each bar, not below. */
class HerdingGoalsTest {
    @TempDir
    Path sys;

    private static List<RoundTrip> rounds(RoundTrip... r) {
        return List.of(r);
    }

    /** Two rounds each; two cores p50 100, p99 1,000; unpinned p99 1,000 and p99.9 10,000. */
    private static HerdingFigures figures(double oneCpuP50, double twoCoresP99, double noisyP999) {
        RoundTrip twoCores = new RoundTrip(100, twoCoresP99, 5_000);
        RoundTrip unpinned = new RoundTrip(200, 1_000, 10_000);
        return new HerdingFigures(Map.of(
                Arrangement.TWO_CORES,
                rounds(twoCores, twoCores),
                Arrangement.ONE_CPU,
                rounds(new RoundTrip(oneCpuP50, 0, 0), new RoundTrip(oneCpuP50 * 1.1, 0, 0)),
                Arrangement.UNPINNED,
                rounds(unpinned, unpinned),
                Arrangement.UNPINNED_NOISY,
                rounds(new RoundTrip(0, 0, noisyP999), new RoundTrip(0, 0, noisyP999 * 1.1))));
    }

    private List<Goal.Status> statuses(HerdingFigures f, CpuTopology topology) {
        return HerdingGoals.goals(f, topology).stream().map(Goal::status).toList();
    }

    @Test
    void fourCoresJudgeEachBarOnBothSides() throws IOException {
        CpuTopology four = MadeUpMachine.of(sys, 1, 4, 1);
        assertThat(statuses(figures(5_000, 900, 30_000), four))
                .containsExactly(Goal.Status.MET, Goal.Status.MET, Goal.Status.MET);
        assertThat(statuses(figures(500, 1_500, 12_000), four))
                .containsExactly(Goal.Status.MISSED, Goal.Status.MISSED, Goal.Status.MISSED);
        // 950-1,045 ns against a 1,000 ns bar: across it
        assertThat(statuses(figures(950, 1_000, 19_000), four))
                .containsExactly(Goal.Status.NOT_MEASURABLE, Goal.Status.MET, Goal.Status.NOT_MEASURABLE);
        // two cores' p99 1,000 and 1,200 ns against unpinned 1,000: across the 1.1x bar
        HerdingFigures across = new HerdingFigures(Map.of(
                Arrangement.TWO_CORES,
                rounds(new RoundTrip(100, 1_000, 0), new RoundTrip(100, 1_200, 0)),
                Arrangement.UNPINNED,
                rounds(new RoundTrip(200, 1_000, 0), new RoundTrip(200, 1_000, 0))));
        assertThat(HerdingGoals.goals(across, four).get(1).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void twoCoresNameTheCoresTheGoalsNeed() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);
        List<Goal> goals = HerdingGoals.goals(figures(5_000, 900, 30_000), vm);
        assertThat(goals).extracting(Goal::status).containsOnly(Goal.Status.NOT_MEASURABLE);
        assertThat(goals.getFirst().figures()).contains("Needs: >= 4 cores");
    }
}
