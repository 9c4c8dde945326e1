package mechsym.lab.experiments.queues;

import java.util.List;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.seeds.LazySetPost;

/**
 * The queues verdict: the post's comparison inside a queue, the same SPSC code publishing its
 * indices with release writes (lazySet) against volatile writes, one producer and one consumer,
 * judged by the per-round ratios (both variants in each round, in turn): faster ("measurable
 * performance improvements") and at the post's size (its catch-up: volatile 5-6 times dearer). The
 * peers are judged apart, in {@link QueuesGoals}. Pure: figures in, verdict out.
 */
final class QueuesClaims {
    /** The post's catch-up: volatile "5-6 times" more expensive than lazySet. */
    static final double POST_SIZE = LazySetPost.CATCH_UP_LOW;

    /** The queues the verdict reads: the same SPSC code publishing its indices with release, then volatile writes. */
    static final List<String> POST_PAIR = List.of("mechsym-spsc-indexed", "mechsym-spsc-indexed-volatile");

    static final String FASTER = "release-published indices move elements faster than volatile ones";
    static final String POST_SIZED = "by the post's 5-6x";

    private QueuesClaims() {}

    /**
     * The post's claim inside a queue.
     *
     * @param release the indexed SPSC's elements/µs with release-published indices, per round
     * @param volatileWrites the same with volatile ones, the same rounds
     */
    static Verdict judge(List<Double> release, List<Double> volatileWrites) {
        if (release.isEmpty() || volatileWrites.isEmpty()) {
            String why = "the indexed SPSC was not measured with both release and volatile indices";
            return Verdict.fromClaims(List.of(Claim.inconclusive(FASTER, why), Claim.inconclusive(POST_SIZED, why)));
        }
        Measure ratio = Measure.ratio(release, volatileWrites);
        String figures = "release / volatile elements/µs per round";
        return Verdict.fromClaims(List.of(
                Claim.atLeast(FASTER, ratio, 1.0, figures), Claim.atLeast(POST_SIZED, ratio, POST_SIZE, figures)));
    }
}
