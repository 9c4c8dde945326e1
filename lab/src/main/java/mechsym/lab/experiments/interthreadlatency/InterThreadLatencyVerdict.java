package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;

/**
 * The inter-thread-latency verdict and goals. The post shows the fence (a volatile store is a mov
 * and a lock addl; the weaker release and opaque stores, which need no fence, a mov alone) and prints
 * no latency: the verdict judges the fence alone. The latency is mechsym's goal, reported beside it:
 * the Java ping-pong within 15% of a C++ std::atomic ping-pong in the same run (release against
 * release, volatile against seq_cst), judged by the median of ratios taken round by round. Pure:
 * figures in, verdict and goals out.
 */
final class InterThreadLatencyVerdict {
    static final double WITHIN = 1.15;
    /** Above this a C++ round trip means the two threads were time-sliced, not spinning side by side. */
    static final double TIME_SLICED_NS = 2_000;

    static final String VOLATILE_FENCE = "a volatile store is a mov followed by a lock addl fence";
    static final String WEAKER_UNFENCED = "setRelease and setOpaque stores have no fence";
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

    private InterThreadLatencyVerdict() {}

    /** The post's claim: the fences in C2's code, or null when no C2 code was printed. */
    static Verdict judge(Fences fences) {
        if (fences == null) {
            String why = "no C2 code was printed for every variant, so the fence table is not evidence";
            return Verdict.fromClaims(
                    List.of(Claim.inconclusive(VOLATILE_FENCE, why), Claim.inconclusive(WEAKER_UNFENCED, why)));
        }
        String counts = "lock addl in C2's ping/pong: " + fences.text();
        return Verdict.fromClaims(List.of(
                Claim.judge(VOLATILE_FENCE, fences.volatileFenced(), counts),
                Claim.judge(WEAKER_UNFENCED, fences.othersUnfenced(), counts)));
    }

    /** mechsym's goals: the Java ping-pong against C++ std::atomic, per store order. */
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
        return Goal.judge(
                goal,
                ratios.median() <= WITHIN,
                String.format(
                        Locale.ROOT,
                        "%s %.2fx %s, median of ratios taken round by round (rounds %.2f-%.2f)",
                        java,
                        ratios.median(),
                        cpp,
                        ratios.min(),
                        ratios.max()));
    }
}
