package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Summary;

/**
 * mechsym's goals for inter-thread-latency, reported beside the verdict: the Java ping-pong within
 * 15% of a C++ std::atomic ping-pong in the same run (release against release, volatile against
 * seq_cst), judged by the median of ratios taken round by round, when the rounds agree ({@link
 * Goal#judgeRounds}). Pure: figures in, goals out.
 */
final class InterThreadLatencyGoals {
    static final double WITHIN = 1.15;
    /** Above this a C++ round trip means the two threads were time-sliced, not spinning side by side. */
    static final double TIME_SLICED_NS = 2_000;

    static final String RELEASE_GOAL = "Java release/acquire ping-pong within 15% of C++ release";
    static final String VOLATILE_GOAL = "Java volatile ping-pong within 15% of C++ seq_cst";

    /**
     * A run's latency figures, any of them null when not measured.
     *
     * @param releaseRatios Java release/acquire over C++ release, per round
     * @param volatileRatios Java volatile over C++ seq_cst, per round
     * @param cppReleaseNs the C++ release round trip's median
     */
    record Latency(Summary releaseRatios, Summary volatileRatios, Double cppReleaseNs) {}

    private InterThreadLatencyGoals() {}

    /** The Java ping-pong against C++ std::atomic, per store order. */
    static List<Goal> goals(Latency f) {
        if (f.releaseRatios() == null || f.volatileRatios() == null || f.cppReleaseNs() == null) {
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
                goal(RELEASE_GOAL, "Java release/acquire", "C++ release", f.releaseRatios()),
                goal(VOLATILE_GOAL, "Java volatile", "C++ seq_cst", f.volatileRatios()));
    }

    private static Goal goal(String goal, String java, String cpp, Summary ratios) {
        return Goal.judgeRounds(
                goal,
                ratios,
                ratios.median() <= WITHIN,
                String.format(
                        Locale.ROOT,
                        "%s %.2fx %s, median of ratios taken round by round (rounds %.2f-%.2f)",
                        java,
                        ratios.median(),
                        cpp,
                        ratios.min(),
                        ratios.max()),
                "The two threads of a round were time-sliced against the JIT, GC and each other. Needs: two free"
                        + " cores.");
    }
}
