package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.SpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 4. A full {@link SpscQueue} refuses an offer and stores nothing, and an offer racing with the poll
 * that frees the slot either fits or is refused, never both: capacity 1, holding 1; the producer
 * offers 2 (1 if accepted) while the consumer polls; the arbiter drains the rest.
 */
@JCStressTest
@Outcome(
        id = "1, 1, 2",
        expect = ACCEPTABLE,
        desc = "The poll freed the slot first; the offer of 2 was accepted and 2 is left.")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "The offer found the queue full and was refused; nothing is left.")
@Outcome(
        expect = FORBIDDEN,
        desc = "An element was lost or duplicated, or the queue overfilled or was wrongly reported full.")
@State
public class SpscQueueFullTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(1);

    public SpscQueueFullTest() {
        queue.offer(1);
    }

    @Actor
    public void producer(III_Result r) {
        r.r1 = queue.offer(2) ? 1 : 0;
    }

    @Actor
    public void consumer(III_Result r) {
        Integer element = queue.poll();
        r.r2 = element == null ? 0 : element;
    }

    @Arbiter
    public void rest(III_Result r) {
        r.r3 = Digits.drain(queue);
    }
}
