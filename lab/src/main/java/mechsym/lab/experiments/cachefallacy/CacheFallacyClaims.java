package mechsym.lab.experiments.cachefallacy;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The cache-fallacy verdict: the post's mechanism as three sub-claims. The store buffer lets a load
 * pass its own thread's earlier store (the store-buffering litmus reads 0, 0 without a fence); a
 * fence, not a flush, stops it (never 0, 0 with one); and a volatile store pays that fence where a
 * release store (lazySet) does not, "a significant performance impact": the volatile store over
 * the release store, per fork (the two in turn fork by fork), at least {@value #SIGNIFICANT}x. The
 * post gives no ratio: "significant" read as {@value #SIGNIFICANT}x is mechsym's line. False
 * sharing, which the post does not measure, stays in the tables. Pure: figures in, verdict out.
 */
final class CacheFallacyClaims {
    static final String REORDERS = "without a fence a load passes its thread's earlier store (litmus reads 0, 0)";
    static final String FENCE_STOPS = "a full fence stops it (never 0, 0)";
    /**
     * Fewer samples than this without a 0, 0 decide nothing, with or without the fence: the reordering
     * is rare (a few per cent).
     */
    static final long MIN_SAMPLES = 100_000;

    static final String LAZY_SET = "a volatile store pays a fence a release store (lazySet) avoids";

    /**
     * The store-buffering litmus counts, or why there are none.
     *
     * @param plain reorderings seen without a fence, and samples
     * @param fenced reorderings seen with a full fence, and samples
     * @param problem why the litmus did not run (null when it did)
     */
    record Litmus(long plainReordered, long plainSamples, long fencedReordered, long fencedSamples, String problem) {
        static Litmus missing(String problem) {
            return new Litmus(0, 0, 0, 0, problem);
        }
    }

    /** "A significant performance impact", read as this ratio of volatile over release store. */
    static final double SIGNIFICANT = 1.5;

    private CacheFallacyClaims() {}

    /**
     * The verdict.
     *
     * @param volatileStore the volatile store's ns/op, one per fork (empty when not measured)
     * @param releaseStore the release store's, the same forks' rounds
     */
    static Verdict judge(Litmus litmus, List<Double> volatileStore, List<Double> releaseStore) {
        return Verdict.fromClaims(List.of(reorders(litmus), fenceStops(litmus), lazySet(volatileStore, releaseStore)));
    }

    private static Claim reorders(Litmus l) {
        if (l.problem() != null || l.plainSamples() == 0) {
            return Claim.inconclusive(REORDERS, why(l));
        }
        if (l.plainReordered() == 0 && l.plainSamples() < MIN_SAMPLES) {
            return Claim.inconclusive(
                    REORDERS, "no 0, 0 in only " + l.plainSamples() + " samples, too few to expect one");
        }
        return Claim.judge(
                REORDERS,
                l.plainReordered() > 0,
                Measure.exact(l.plainReordered(), "0, 0 outcomes", (int) Math.min(Integer.MAX_VALUE, l.plainSamples())),
                String.format(
                        Locale.ROOT, "0, 0 in %d of %d samples without a fence", l.plainReordered(), l.plainSamples()));
    }

    private static Claim fenceStops(Litmus l) {
        if (l.problem() != null || l.fencedSamples() == 0) {
            return Claim.inconclusive(FENCE_STOPS, why(l));
        }
        if (l.fencedReordered() == 0 && l.fencedSamples() < MIN_SAMPLES) {
            return Claim.inconclusive(
                    FENCE_STOPS,
                    "no 0, 0 in only " + l.fencedSamples() + " samples, too few to tell a fence from luck");
        }
        return Claim.judge(
                FENCE_STOPS,
                l.fencedReordered() == 0,
                Measure.exact(
                        l.fencedReordered(), "0, 0 outcomes", (int) Math.min(Integer.MAX_VALUE, l.fencedSamples())),
                String.format(
                        Locale.ROOT, "0, 0 in %d of %d samples with one", l.fencedReordered(), l.fencedSamples()));
    }

    private static String why(Litmus l) {
        return l.problem() != null ? "the litmus did not run: " + l.problem() : "the litmus reported no samples";
    }

    private static Claim lazySet(List<Double> vol, List<Double> release) {
        if (vol.isEmpty() || release.isEmpty()) {
            return Claim.inconclusive(LAZY_SET, "the store-cost benchmark reported no volatile or release score");
        }
        return Claim.atLeast(
                        LAZY_SET,
                        Measure.ratio(vol, release),
                        SIGNIFICANT,
                        "volatile over release store per fork (volatile "
                                + Measure.of(vol, "ns/op").text() + ", release "
                                + Measure.of(release, "ns/op").text() + ")")
                .withOurLine();
    }
}
