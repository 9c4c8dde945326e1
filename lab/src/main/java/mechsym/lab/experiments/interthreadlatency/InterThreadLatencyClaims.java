package mechsym.lab.experiments.interthreadlatency;

import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;

/**
 * The inter-thread-latency verdict. The post shows the fence (a volatile store is a mov and a lock
 * addl) and prints no latency: the verdict judges the fence alone, a fact read from C2's code. That the
 * weaker release and opaque stores need no fence is another post's point (the cache-fallacy and lazySet
 * posts): the fence table shows it as context. The latency against C++ is mechsym's goal, judged apart
 * in {@link InterThreadLatencyGoals}. Pure: figures in, verdict out; stateless.
 */
final class InterThreadLatencyClaims {
    static final String VOLATILE_FENCE = "a volatile store is a mov followed by a lock addl fence";

    private InterThreadLatencyClaims() {}

    /** The post's claim: the fence in C2's code, or undecided when no C2 code was printed. */
    static Verdict judge(Fences fences) {
        if (fences == null) {
            return Verdict.fromClaims(List.of(Claim.inconclusive(
                    VOLATILE_FENCE, "no C2 code was printed for every variant, so the fence table is not evidence")));
        }
        return Verdict.fromClaims(List.of(Claim.judge(
                VOLATILE_FENCE,
                fences.volatileFenced(),
                // the fact: the volatile variant's fence count, read in each variant's C2 code
                Measure.exact(
                        fences.counts().getOrDefault(Mode.VOLATILE, 0),
                        "lock addl",
                        fences.counts().size()),
                "lock addl in C2's ping/pong: " + fences.text())));
    }
}
