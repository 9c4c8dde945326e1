package mechsym.lab.experiments.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The dispatch post's claims, judged on the figures of its program (pure: figures in, verdict out),
 * each a ratio per forked JVM: on its Sandy Bridge the monomorphic phase ran 3.0x the bimorphic one
 * (medians 3.10e9 / 1.02e9 ops/s), the bimorphic 3.3x the best megamorphic phase (1.02e9 / 0.31e9),
 * and the monomorphic operation never got its speed back in the later loops (0.28e9, 11x slower). A
 * step of 2x or more is at the post's size.
 */
final class DispatchClaims {
    static final double POST_SIZE_STEP = 2.0;

    private DispatchClaims() {}

    static Verdict judge(DispatchFigures figures) {
        return Verdict.fromClaims(List.of(
                claim(
                        "monomorphic call site >= 2x the bimorphic one (post: 3.0x)",
                        figures,
                        fork -> DispatchFigures.median(fork, 0) / DispatchFigures.median(fork, 1),
                        "first phase / second phase, median runs per fork"),
                claim(
                        "bimorphic call site >= 2x the best megamorphic phase (post: 3.3x)",
                        figures,
                        fork -> DispatchFigures.median(fork, 1) / DispatchFigures.bestMegamorphic(fork),
                        "second phase / the faster of the first loop's megamorphic phases, median runs per fork"),
                claim(
                        "the site stays megamorphic: the first operation, run again, stays >= 2x slower (post: 11x)",
                        figures,
                        fork -> DispatchFigures.median(fork, 0)
                                / DispatchFigures.median(fork, DispatchFigures.lastMonomorphicAgain(fork)),
                        "first phase / the same operation in the last loop, median runs per fork")));
    }

    private static Claim claim(
            String claim, DispatchFigures figures, ToDoubleFunction<Map<Integer, List<Double>>> ratio, String what) {
        List<Double> perFork = new ArrayList<>();
        for (Map<Integer, List<Double>> fork : figures.forks()) {
            double r = ratio.applyAsDouble(fork);
            if (Double.isFinite(r)) {
                perFork.add(r);
            }
        }
        if (perFork.isEmpty()) {
            return Claim.inconclusive(claim, "the post's program did not report the phases it needs (" + what + ")");
        }
        return Claim.atLeast(claim, Measure.of(perFork, "x"), POST_SIZE_STEP, what);
    }
}
