package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.SpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Negative control for the SPSC queue tests, broken on purpose: two producer threads offer into an
 * {@link SpscQueue}, which allows one; both may write the same slot and one element is lost. The
 * loss is {@code ACCEPTABLE_INTERESTING} and {@code NegativeControls} requires jcstress to observe
 * it (see {@link BrokenSequenceIncrementTest}).
 */
@JCStressTest
@Outcome(
        id = {"12", "21"},
        expect = ACCEPTABLE,
        desc = "Both elements arrived (the offers did not overlap).")
@Outcome(
        id = {"1", "2"},
        expect = ACCEPTABLE_INTERESTING,
        desc = "The broken variant's bug, caught: two producers wrote one slot, an element was lost.")
@Outcome(expect = FORBIDDEN, desc = "Something else.")
@State
public class BrokenSpscQueueTwoProducersTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(4);

    @Actor
    public void first() {
        queue.offer(1);
    }

    @Actor
    public void second() {
        queue.offer(2);
    }

    @Arbiter
    public void drain(I_Result r) {
        r.r1 = Digits.drain(queue);
    }
}
