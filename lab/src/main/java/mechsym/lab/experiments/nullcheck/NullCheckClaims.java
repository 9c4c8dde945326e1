package mechsym.lab.experiments.nullcheck;

import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The null-check post's two findings (pure: figures in, verdict out), each over the rounds' ratios of
 * true/false to null/present throughput: the server VM (C2 here) runs the two at the same speed (the
 * post: 0.989x), the client VM (C1 alone here) runs true/false faster (the post: 1.177x).
 */
final class NullCheckClaims {
    /** "The same": within 5% either way. The post gives its figures, not a tolerance: the line is ours. */
    static final double SAME_WITHIN = 1.05;
    /** True/false at least this much faster under C1: half the post's 17.7%. */
    static final double C1_FASTER = 1.075;

    private NullCheckClaims() {}

    static Verdict judge(NullCheckFigures figures) {
        return Verdict.fromClaims(List.of(c2Same(figures), c1Faster(figures)));
    }

    static Claim c2Same(NullCheckFigures figures) {
        String claim = "under C2 (the server VM) true/false and null/present run at the same speed";
        List<Double> ratios = NullCheckFigures.trueOverPresent(figures.c2());
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, "a score of the post's benchmarks under C2 is missing");
        }
        // how far apart, either way: the larger of the ratio and its inverse, per round
        List<Double> apart = ratios.stream().map(r -> Math.max(r, 1 / r)).toList();
        return Claim.atMost(
                        claim,
                        Measure.of(apart, "x"),
                        SAME_WITHIN,
                        "the faster form over the slower per round (true/false over null/present: "
                                + Measure.of(ratios, "x").text() + ")")
                .withOurLine();
    }

    static Claim c1Faster(NullCheckFigures figures) {
        String claim = "under C1 (the client VM) true/false is faster than null/present (post: 1.18x)";
        List<Double> ratios = NullCheckFigures.trueOverPresent(figures.c1());
        if (ratios.isEmpty()) {
            return Claim.inconclusive(claim, "a score of the post's benchmarks under C1 is missing");
        }
        return Claim.atLeast(
                claim, Measure.of(ratios, "x"), C1_FASTER, "true/false over null/present ops/ms per round, C1");
    }
}
