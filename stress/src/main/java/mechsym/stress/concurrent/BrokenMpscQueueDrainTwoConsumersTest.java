package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Negative control for {@link MpscQueueFillTest}, broken on purpose: a batch filled into an {@link
 * MpscQueue} is drained by two consumer threads, where the queue allows one; both may read the
 * same slots before either advances the index, so elements are handed out twice. A duplicate is
 * {@code ACCEPTABLE_INTERESTING} and {@code NegativeControls} requires jcstress to observe it (see
 * {@link BrokenSequenceIncrementTest}).
 */
@JCStressTest
@Outcome(id = "4", expect = ACCEPTABLE, desc = "Each element was taken once.")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "The broken variant's bug, caught: an element was taken twice.")
@State
public class BrokenMpscQueueDrainTwoConsumersTest {
    private final MpscQueue<Integer> queue = new MpscQueue<>(4);
    private int supplied;
    private int firstTook;
    private int secondTook;

    public BrokenMpscQueueDrainTwoConsumersTest() {
        queue.fill(() -> ++supplied, 4);
    }

    @Actor
    public void first() {
        firstTook = queue.drain(e -> {}, 4);
    }

    @Actor
    public void second() {
        secondTook = queue.drain(e -> {}, 4);
    }

    @Arbiter
    public void count(I_Result r) {
        int left = 0;
        while (queue.poll() != null) {
            left++;
        }
        r.r1 = firstTook + secondTook + left;
    }
}
