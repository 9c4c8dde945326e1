package mechsym.lab.experiments.tcpping;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.experiments.tcpping.TcpPingFigures.Case;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/**
 * mechsym's goal for tcp-ping, beside the verdict: the Java busy-spin p50 within 10% of a C client and
 * server's on two cores of one socket, judged through the per-round ratio (Java and C run in turn in
 * each round). Client and server are two busy threads, so the goal is judged only where {@value
 * CpuPair#CORES_FOR_TWO_THREAD_TIMINGS} cores can be pinned. Pure: figures in, goal out; stateless.
 */
final class TcpPingGoals {
    /** Java spin p50 / C spin p50 at most this. */
    static final double JAVA_OVER_C = 1.10;

    static final String JAVA_NEAR_C = "Java spin p50 within 10% of C spin p50, two cores of one socket";

    private TcpPingGoals() {}

    static List<Goal> goals(TcpPingFigures figures, CpuTopology topology) {
        var tooFew = CpuPair.tooFewCoresForTwoThreads(topology);
        if (tooFew.isPresent()) {
            return List.of(Goal.notMeasurable(JAVA_NEAR_C, tooFew.get()));
        }
        List<Double> ratios = figures.ratios(
                new Case("java", "spin", Placement.CROSS_CORE), new Case("c", "spin", Placement.CROSS_CORE));
        if (ratios.isEmpty()) {
            return List.of(Goal.notMeasurable(JAVA_NEAR_C, "no round measured both Java and C spin on two cores"));
        }
        return List.of(Goal.atMost(
                JAVA_NEAR_C, Measure.of(ratios, "x"), JAVA_OVER_C, "Java spin p50 / C spin p50, round by round"));
    }
}
