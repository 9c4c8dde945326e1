package mechsym.lab.experiments.memoryaccess;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The memory-access verdict from a run's walks over the post's storage, a {@code long[]}: the post's
 * order (linear &lt; random in a page &lt; random over the heap, each step dearer) and its size, about an
 * order of magnitude from the linear walk to the random heap walk ({@value #ORDER_OF_MAGNITUDE}x: its
 * Sandy Bridge measured 10.4x, its older machines 29x and 64x). Each decides by the per-round ratios
 * of the walks, each round's walks forked in turn; the off-heap segment and the huge-page array are
 * figures beside it. Pure: figures in, verdict out.
 */
final class MemoryAccessClaims {
    static final double ORDER_OF_MAGNITUDE = 10;

    /** "Dearer": the post gives no line for it; 1x is mechsym's reading. */
    static final double DEARER = 1;

    static final String PAGE_DEARER = "a random walk inside a 2 MiB page costs more per word than a linear walk";
    static final String HEAP_DEAREST = "a random walk over the whole array costs more per word than one inside a page";
    static final String MAGNITUDE = "the random walk over the array about an order of magnitude dearer than linear";

    /** Where the effect shows: an array far beyond every cache and the TLB's reach. */
    static final String NEEDS_BEYOND_CACHES = "decided over an array far beyond the caches only: `--profile quick`"
            + " (1 GiB) or `--profile full` (the post's 2 GiB)";

    /**
     * One run's walks over the {@code long[]}, ns per word, round by round (each list in round order).
     *
     * @param beyondCaches whether the array was far beyond the caches (the quick and full profiles)
     */
    record Figures(boolean beyondCaches, List<Double> linear, List<Double> page, List<Double> heap) {
        Figures {
            linear = List.copyOf(linear);
            page = List.copyOf(page);
            heap = List.copyOf(heap);
        }
    }

    private MemoryAccessClaims() {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        claims.add(ratio(f, PAGE_DEARER, f.page(), f.linear(), DEARER, "random page / linear, round by round", true));
        claims.add(
                ratio(f, HEAP_DEAREST, f.heap(), f.page(), DEARER, "random heap / random page, round by round", true));
        claims.add(ratio(
                f,
                MAGNITUDE,
                f.heap(),
                f.linear(),
                ORDER_OF_MAGNITUDE,
                "random heap / linear, round by round (the post: 10.4x, 29x, 64x)",
                false));
        return Verdict.fromClaims(claims);
    }

    private static Claim ratio(
            Figures f,
            String claim,
            List<Double> dearer,
            List<Double> cheaper,
            double line,
            String figures,
            boolean ourLine) {
        if (!f.beyondCaches()) {
            return Claim.inconclusive(claim, NEEDS_BEYOND_CACHES);
        }
        if (dearer.isEmpty() || cheaper.isEmpty()) {
            return Claim.inconclusive(claim, "not measured (both walks over the long[])");
        }
        Claim judged = Claim.atLeast(claim, Measure.ratio(dearer, cheaper), line, figures);
        return ourLine ? judged.withOurLine() : judged;
    }
}
