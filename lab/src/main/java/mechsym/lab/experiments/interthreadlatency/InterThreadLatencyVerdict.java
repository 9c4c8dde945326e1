package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;

/**
 * The inter-thread-latency verdict. The post shows the fence (a volatile store is a mov and a lock
 * addl; the weaker release and opaque stores, which need no fence, a mov alone) and prints no
 * latency: the verdict judges the fence alone (the latency against C++ is judged apart, in {@link
 * InterThreadLatencyGoals}). Pure: figures in, verdict out.
 */
final class InterThreadLatencyVerdict {
    static final String VOLATILE_FENCE = "a volatile store is a mov followed by a lock addl fence";
    static final String WEAKER_UNFENCED = "setRelease and setOpaque stores have no fence";

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
}
