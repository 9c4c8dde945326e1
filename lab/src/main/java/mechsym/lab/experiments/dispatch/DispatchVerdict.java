package mechsym.lab.experiments.dispatch;

import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The dispatch verdict from the medians of the post's program, at the post's size: on its Sandy
 * Bridge the monomorphic phase ran 3.0x the bimorphic one (medians 3.10e9 / 1.02e9 ops/s) and the
 * bimorphic 3.3x the best megamorphic phase (1.02e9 / 0.31e9). A step of 1.3x or more is a step; one of 2x or
 * more is at the post's size. Pure: figures in, verdict out.
 */
final class DispatchVerdict {
    static final double STEP = 1.3;
    static final double POST_SIZE_STEP = 2.0;

    private DispatchVerdict() {}

    /**
     * @param mono the monomorphic phase's median ops/s, or null
     * @param bi the bimorphic phase's, or null
     * @param mega the best megamorphic phase's, or null
     */
    static Verdict judge(Double mono, Double bi, Double mega) {
        if (mono == null || bi == null || mega == null || bi <= 0 || mega <= 0) {
            return Verdict.inconclusive("The post's program did not report its monomorphic, bimorphic and"
                    + " megamorphic phases, so the steps could not be taken.");
        }
        double first = mono / bi;
        double second = bi / mega;
        boolean firstStep = first >= STEP;
        boolean secondStep = second >= STEP;
        boolean firstAtSize = first >= POST_SIZE_STEP;
        boolean secondAtSize = second >= POST_SIZE_STEP;
        String reason = String.format(
                Locale.ROOT,
                "In the post's program: monomorphic phase %.1fx the bimorphic one, bimorphic %.1fx the best"
                        + " megamorphic phase (the post: 3.0x and 3.3x). At the post's size (%.0fx or more): %s.",
                first,
                second,
                POST_SIZE_STEP,
                firstAtSize && secondAtSize
                        ? "both steps"
                        : firstAtSize ? "the first step only" : secondAtSize ? "the second step only" : "neither step");
        if (firstAtSize && secondAtSize) {
            return Verdict.reproduced(reason + " Both steps of the post's step function are there.");
        }
        if (firstStep || secondStep || mono / mega >= STEP) {
            return Verdict.partly(reason + " Steps of " + STEP + "x or more: "
                    + (firstStep && secondStep ? "both" : firstStep ? "the first" : secondStep ? "the second" : "none")
                    + "; only part of the post's step function shows on this JDK.");
        }
        return Verdict.notReproduced(reason + " No step of " + STEP + "x or more.");
    }
}
