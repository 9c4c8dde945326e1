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
 * Negative control for {@link SpscQueueFillTest}, broken on purpose: two producer threads {@code
 * fill} an {@link SpscQueue}, which allows one; both batches may start at the same index and
 * overwrite each other's slots, so elements are lost. The loss is {@code ACCEPTABLE_INTERESTING}
 * and {@code NegativeControls} requires jcstress to observe it (see {@link
 * BrokenSequenceIncrementTest}).
 */
@JCStressTest
@Outcome(
        id = {"1234", "3412"},
        expect = ACCEPTABLE,
        desc = "Both batches arrived whole (the fills did not overlap).")
@Outcome(
        expect = ACCEPTABLE_INTERESTING,
        desc = "The broken variant's bug, caught: two producers wrote the same slots, elements were lost.")
@Outcome(id = "0", expect = FORBIDDEN, desc = "Nothing arrived.")
@State
public class BrokenSpscQueueFillTwoProducersTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(4);
    private int first = 1;
    private int second = 3;

    @Actor
    public void producerOne() {
        queue.fill(() -> first++, 2);
    }

    @Actor
    public void producerTwo() {
        queue.fill(() -> second++, 2);
    }

    @Arbiter
    public void drain(I_Result r) {
        r.r1 = Digits.drain(queue);
    }
}
