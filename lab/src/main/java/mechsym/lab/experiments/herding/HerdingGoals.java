package mechsym.lab.experiments.herding;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.tools.platform.CpuTopology;

/**
 * mechsym's reading of what placement buys its Sequence ping-pong, beside the verdict (the post makes
 * none of these claims): both threads on one logical CPU pay the scheduler (p50 at least {@value
 * #ONE_CPU_FACTOR}x two cores), two pinned cores are no worse than unpinned (p99 at most {@value
 * #PINNED_TOLERANCE}x), and a noisy neighbour widens the unpinned tail (p99.9 at least {@value
 * #NEIGHBOUR_FACTOR}x). Each is a ratio taken round by round; two busy threads measure the scheduler as
 * much as the code below {@value CpuPair#CORES_FOR_TWO_THREAD_TIMINGS} cores, so they are judged only
 * where that many can be pinned. Pure: figures in, goals out; stateless.
 */
final class HerdingGoals {
    static final double ONE_CPU_FACTOR = 10;
    static final double PINNED_TOLERANCE = 1.1;
    static final double NEIGHBOUR_FACTOR = 2;

    static final String ONE_CPU = "one logical CPU pays the scheduler (p50 >= 10x two cores)";
    static final String PINNING = "two pinned cores no worse than unpinned (p99 <= 1.1x)";
    static final String NEIGHBOUR = "a noisy neighbour widens the unpinned tail (p99.9 >= 2x)";

    private HerdingGoals() {}

    static List<Goal> goals(HerdingFigures f, CpuTopology topology) {
        var tooFew = CpuPair.tooFewCoresForTwoThreads(topology);
        if (tooFew.isPresent()) {
            return List.of(
                    Goal.notMeasurable(ONE_CPU, tooFew.get()),
                    Goal.notMeasurable(PINNING, tooFew.get()),
                    Goal.notMeasurable(NEIGHBOUR, tooFew.get()));
        }
        return List.of(
                atLeast(
                        ONE_CPU,
                        f.ratios(Arrangement.ONE_CPU, Arrangement.TWO_CORES, HerdingFigures.RoundTrip::p50),
                        ONE_CPU_FACTOR,
                        "p50 one logical CPU over two cores"),
                atMost(
                        PINNING,
                        f.ratios(Arrangement.TWO_CORES, Arrangement.UNPINNED, HerdingFigures.RoundTrip::p99),
                        PINNED_TOLERANCE,
                        "p99 two pinned cores over unpinned"),
                atLeast(
                        NEIGHBOUR,
                        f.ratios(Arrangement.UNPINNED_NOISY, Arrangement.UNPINNED, HerdingFigures.RoundTrip::p999),
                        NEIGHBOUR_FACTOR,
                        "p99.9 unpinned beside a noisy neighbour over quiet"));
    }

    private static Goal atLeast(String goal, List<Double> ratios, double bar, String words) {
        return ratios.isEmpty()
                ? Goal.notMeasurable(goal, words + ": not measured in one round")
                : Goal.atLeast(goal, Measure.of(ratios, "x"), bar, words + ", round by round");
    }

    private static Goal atMost(String goal, List<Double> ratios, double bar, String words) {
        return ratios.isEmpty()
                ? Goal.notMeasurable(goal, words + ": not measured in one round")
                : Goal.atMost(goal, Measure.of(ratios, "x"), bar, words + ", round by round");
    }
}
