package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Summary;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.seeds.LazySetPost;

/**
 * The queues verdict: the post's comparison inside a queue, the same SPSC code publishing its
 * indices with release writes (lazySet) against volatile writes, one producer and one consumer,
 * judged by its per-round ratios: faster in every round ("measurable performance improvements") and
 * at the post's size (its catch-up: volatile 5-6 times dearer). The peers are judged apart, in
 * {@link QueuesGoals}. Pure: figures in, verdict out.
 */
final class QueuesVerdict {
    /** The post's catch-up: volatile "5-6 times" more expensive than lazySet. */
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;

    static final String FASTER = "release-published indices move elements faster than volatile ones";
    static final String POST_SIZED = "by the post's 5-6x";

    private QueuesVerdict() {}

    /**
     * The post's claim inside a queue.
     *
     * @param releaseOverVolatile the indexed SPSC's elements/µs with release-published indices over
     *     the same with volatile ones, per round; null when not measured
     */
    static Verdict judge(Summary releaseOverVolatile) {
        if (releaseOverVolatile == null) {
            String why = "the indexed SPSC was not measured with both release and volatile indices";
            return Verdict.fromClaims(List.of(Claim.inconclusive(FASTER, why), Claim.inconclusive(POST_SIZED, why)));
        }
        String figures = String.format(
                Locale.ROOT,
                "release / volatile elements/µs per round: median %.2fx, min %.2f, max %.2f, %d rounds",
                releaseOverVolatile.median(),
                releaseOverVolatile.min(),
                releaseOverVolatile.max(),
                releaseOverVolatile.n());
        return Verdict.fromClaims(List.of(
                Claim.judge(FASTER, releaseOverVolatile.min() > 1, figures),
                Claim.judge(POST_SIZED, releaseOverVolatile.median() >= POST_SIZE, figures)));
    }
}
