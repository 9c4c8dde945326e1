package mechsym.lab.experiments.intrinsics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The intrinsics post's claim as two sub-claims (pure: figures in, verdict out), each over the
 * rounds: an intrinsic is far below a JNI call of the same function, and a boost over the method's
 * own code. The post gives no figure for either: both lines are ours.
 */
final class IntrinsicsClaims {
    /** The intrinsic is "far below" the JNI call when the JNI call takes at least this many times as long. */
    static final double FAR_BELOW = 3.0;
    /** The disabled form counts as a fallback when it is at least this much slower. */
    static final double SLOWER_BY = 1.2;

    static final String CHEAPER_THAN_JNI = "Math.sqrt's intrinsic far below a JNI call of libm's sqrt";
    static final String BOOST = "intrinsics faster than the method's own code (disabled), the median function";

    private IntrinsicsClaims() {}

    static Verdict judge(IntrinsicsFigures figures) {
        return Verdict.fromClaims(List.of(cheaperThanJni(figures), boost(figures)));
    }

    static Claim cheaperThanJni(IntrinsicsFigures figures) {
        List<Double> ratios = IntrinsicsFigures.ratios(figures.compiled(), "jniSqrt", figures.compiled(), "sqrt");
        if (ratios.isEmpty()) {
            return Claim.inconclusive(
                    CHEAPER_THAN_JNI,
                    figures.jniProblem() != null
                            ? "no JNI library: " + figures.jniProblem()
                            : "the sqrt intrinsic or its JNI call has no score");
        }
        return Claim.atLeast(
                        CHEAPER_THAN_JNI, Measure.of(ratios, "x"), FAR_BELOW, "JNI sqrt ns / intrinsic ns per round")
                .withOurLine();
    }

    /** Per round, the median over the functions of disabled / compiled ns: most of them must be slower. */
    static Claim boost(IntrinsicsFigures figures) {
        List<Double> medians = new ArrayList<>();
        List<String> perFunction = new ArrayList<>();
        int rounds = Math.min(figures.compiled().size(), figures.disabled().size());
        for (int round = 0; round < rounds; round++) {
            List<Double> slowdowns = new ArrayList<>();
            for (IntrinsicsFigures.Function f : IntrinsicsFigures.FUNCTIONS) {
                Double on = figures.compiled().get(round).get(f.benchmark());
                Double off = figures.disabled().get(round).get(f.benchmark());
                if (on != null && off != null) {
                    slowdowns.add(off / on);
                }
            }
            if (!slowdowns.isEmpty()) {
                medians.add(Summary.of(slowdowns).median());
            }
        }
        if (medians.isEmpty()) {
            return Claim.inconclusive(BOOST, "no intrinsic was measured both compiled and disabled");
        }
        for (IntrinsicsFigures.Function f : IntrinsicsFigures.FUNCTIONS) {
            List<Double> r =
                    IntrinsicsFigures.ratios(figures.disabled(), f.benchmark(), figures.compiled(), f.benchmark());
            if (!r.isEmpty()) {
                perFunction.add(String.format(
                        Locale.ROOT, "%s %.1fx", f.benchmark(), Summary.of(r).median()));
            }
        }
        return Claim.atLeast(
                        BOOST,
                        Measure.of(medians, "x"),
                        SLOWER_BY,
                        "disabled ns / compiled ns, the median function per round (each function's median: "
                                + String.join(", ", perFunction) + ")")
                .withOurLine();
    }
}
