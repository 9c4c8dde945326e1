package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.tools.platform.CpuTopology;

/**
 * mechsym's goals for inter-thread-latency, reported beside the verdict: the Java ping-pong within 15%
 * of a C++ std::atomic ping-pong in the same run (release against release, volatile against seq_cst),
 * judged through the ratios taken round by round. Two busy threads on a machine with fewer than
 * {@value CpuPair#CORES_FOR_TWO_THREAD_TIMINGS} cores measure the scheduler as much as the code, so
 * the goals are judged only where that many cores can be pinned. Pure: figures in, goals out.
 */
final class InterThreadLatencyGoals {
    static final double WITHIN = 1.15;
    /** Above this a C++ round trip means the two threads were time-sliced, not spinning side by side. */
    static final double TIME_SLICED_NS = 2_000;

    static final String RELEASE_GOAL = "Java release/acquire ping-pong within 15% of C++ release";
    static final String VOLATILE_GOAL = "Java volatile ping-pong within 15% of C++ seq_cst";

    /**
     * A run's latency figures.
     *
     * @param releaseRatios Java release/acquire over C++ release, one per round (empty when not measured)
     * @param volatileRatios Java volatile over C++ seq_cst, one per round
     * @param cppReleaseNs the C++ release round trip's median; null when not measured
     */
    record Latency(List<Double> releaseRatios, List<Double> volatileRatios, Double cppReleaseNs) {
        Latency {
            releaseRatios = List.copyOf(releaseRatios);
            volatileRatios = List.copyOf(volatileRatios);
        }
    }

    private InterThreadLatencyGoals() {}

    /** The Java ping-pong against C++ std::atomic, per store order, on {@code topology}. */
    static List<Goal> goals(Latency f, CpuTopology topology) {
        var tooFew = CpuPair.tooFewCoresForTwoThreads(topology);
        if (tooFew.isPresent()) {
            return List.of(
                    Goal.notMeasurable(RELEASE_GOAL, tooFew.get()), Goal.notMeasurable(VOLATILE_GOAL, tooFew.get()));
        }
        if (f.releaseRatios().isEmpty() || f.volatileRatios().isEmpty() || f.cppReleaseNs() == null) {
            String why = "no C++ baseline was measured beside both Java variants";
            return List.of(Goal.notMeasurable(RELEASE_GOAL, why), Goal.notMeasurable(VOLATILE_GOAL, why));
        }
        if (f.cppReleaseNs() > TIME_SLICED_NS) {
            String why = String.format(
                    Locale.ROOT,
                    "the C++ baseline itself took %.0f ns per round trip, far above any core-to-core latency: its"
                            + " two threads were time-sliced, not spinning side by side. Needs: two free cores.",
                    f.cppReleaseNs());
            return List.of(Goal.notMeasurable(RELEASE_GOAL, why), Goal.notMeasurable(VOLATILE_GOAL, why));
        }
        return List.of(
                Goal.atMost(
                        RELEASE_GOAL,
                        Measure.of(f.releaseRatios(), "x"),
                        WITHIN,
                        "Java release/acquire / C++ release, round by round"),
                Goal.atMost(
                        VOLATILE_GOAL,
                        Measure.of(f.volatileRatios(), "x"),
                        WITHIN,
                        "Java volatile / C++ seq_cst, round by round"));
    }
}
