package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Negative control for the MPSC queue tests, broken on purpose: two consumer threads poll an {@link
 * MpscQueue}, which allows one; both may read the same slot before either clears it, and one
 * element is handed out twice. The duplicate is {@code ACCEPTABLE_INTERESTING} and {@code
 * NegativeControls} requires jcstress to observe it (see {@link BrokenSequenceIncrementTest}).
 */
@JCStressTest
@Outcome(
        id = {"1, 2", "2, 1"},
        expect = ACCEPTABLE,
        desc = "Each consumer got its own element.")
@Outcome(
        id = {"1, 1", "2, 2"},
        expect = ACCEPTABLE_INTERESTING,
        desc = "The broken variant's bug, caught: two consumers took the same element.")
@Outcome(expect = ACCEPTABLE, desc = "Other interleavings of two unsynchronised consumers (a null poll).")
@Outcome(id = "-1, -1", expect = FORBIDDEN, desc = "Neither consumer got an element.")
@State
public class BrokenMpscQueueTwoConsumersTest {
    private final MpscQueue<Integer> queue = new MpscQueue<>(4);

    public BrokenMpscQueueTwoConsumersTest() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void first(II_Result r) {
        Integer element = queue.poll();
        r.r1 = element == null ? -1 : element;
    }

    @Actor
    public void second(II_Result r) {
        Integer element = queue.poll();
        r.r2 = element == null ? -1 : element;
    }
}
