package mechsym.lab.experiments.interthreadlatency;

import java.util.Locale;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;

/**
 * The inter-thread-latency verdict. The post shows the fence (a volatile store is a mov and a lock
 * addl, release and opaque stores a mov alone) and prints no latency; the latency half is mechsym's
 * goal: the Java ping-pong within 15% of a C++ std::atomic ping-pong in the same run (release against
 * release, volatile against seq_cst), judged by the median of ratios taken round by round. Pure:
 * figures in, verdict out.
 */
final class InterThreadLatencyVerdict {
    static final double WITHIN = 1.15;
    /** Above this a C++ round trip means the two threads were time-sliced, not spinning side by side. */
    static final double TIME_SLICED_NS = 2_000;

    /**
     * A run's figures, any of them null when not measured.
     *
     * @param fence whether C2's code has the fence as the post says (null: no code printed)
     * @param releaseRatios Java release/acquire over C++ release, per round
     * @param volatileRatios Java volatile over C++ seq_cst, per round
     * @param cppReleaseNs the C++ release round trip's median
     */
    record Figures(Boolean fence, Summary releaseRatios, Summary volatileRatios, Double cppReleaseNs) {}

    private InterThreadLatencyVerdict() {}

    static Verdict judge(Figures f) {
        boolean fence = Boolean.TRUE.equals(f.fence());
        String fenceText = f.fence() == null
                ? "The fence could not be checked (no C2 code printed). "
                : fence
                        ? "C2 puts a lock addl fence after the volatile store and none after setRelease or setOpaque,"
                                + " as the post shows. "
                        : "The fence table does not match the post (see it). ";
        if (f.releaseRatios() == null || f.volatileRatios() == null || f.cppReleaseNs() == null) {
            String reason = fenceText + "No C++ baseline was measured beside both Java variants, so mechsym's"
                    + " latency goal has nothing to compare with.";
            return fence ? Verdict.partly(reason) : Verdict.inconclusive(reason);
        }
        double release = f.releaseRatios().median();
        double vol = f.volatileRatios().median();
        String figures = fenceText
                + String.format(
                        Locale.ROOT,
                        "Java release/acquire %.2fx C++ release (rounds %.2f-%.2f), Java volatile %.2fx C++ seq_cst"
                                + " (rounds %.2f-%.2f): medians of ratios taken round by round; mechsym's goal:"
                                + " within 15%%.",
                        release,
                        f.releaseRatios().min(),
                        f.releaseRatios().max(),
                        vol,
                        f.volatileRatios().min(),
                        f.volatileRatios().max());
        if (f.cppReleaseNs() > TIME_SLICED_NS) {
            String reason = figures
                    + String.format(
                            Locale.ROOT,
                            " But the C++ baseline itself took %.0f ns per round trip, far above any core-to-core"
                                    + " latency: the two threads were time-sliced, not spinning on two cores at once,"
                                    + " so the latency half of the claim could not be tested.",
                            f.cppReleaseNs());
            return fence ? Verdict.partly(reason) : Verdict.inconclusive(reason);
        }
        boolean releaseWithin = release <= WITHIN;
        boolean volatileWithin = vol <= WITHIN;
        if (releaseWithin && volatileWithin && fence) {
            return Verdict.reproduced(figures + " Both within 15%.");
        }
        if (releaseWithin || volatileWithin || fence) {
            return Verdict.partly(
                    figures + (releaseWithin && volatileWithin ? " Both within 15%." : " Not both within 15%."));
        }
        return Verdict.notReproduced(figures + " Neither is within 15%.");
    }
}
