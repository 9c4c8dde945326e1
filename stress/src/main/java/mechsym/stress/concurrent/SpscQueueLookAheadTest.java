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
 * 15. The SPSC queue's look-ahead and {@code drain}: with capacity 16 the producer checks the slot
 * four ahead and, if it is free, offers into the next four without looking; the consumer drains in
 * one call and advances its index once. A full queue holds 1..16; the consumer drains up to six
 * while the producer offers 17..22 until one is refused; the arbiter polls the rest. Every element
 * must come out exactly once and in order, whatever the interleaving: a look-ahead that trusted a
 * slot not yet freed would overwrite an element.
 */
@JCStressTest
@Outcome(
        id = "[0-6], [0-6], 1",
        expect = ACCEPTABLE,
        desc = "Drained and offered counts of this interleaving; every element came out once, in order.")
@Outcome(expect = FORBIDDEN, desc = "An element was lost, duplicated or reordered.")
@State
public class SpscQueueLookAheadTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(16);
    private int drainedInOrder = 1; // the consumer's count of in-order elements, then the arbiter's
    private boolean inOrder = true;

    public SpscQueueLookAheadTest() {
        for (int i = 1; i <= 16; i++) {
            queue.offer(i);
        }
    }

    @Actor
    public void consumer(III_Result r) {
        r.r1 = queue.drain(this::take, 6);
    }

    @Actor
    public void producer(III_Result r) {
        int offered = 0;
        while (offered < 6 && queue.offer(17 + offered)) {
            offered++;
        }
        r.r2 = offered;
    }

    @Arbiter
    public void rest(III_Result r) {
        for (Integer element = queue.poll(); element != null; element = queue.poll()) {
            take(element);
        }
        r.r3 = inOrder && drainedInOrder == 17 + r.r2 ? 1 : 0;
    }

    private void take(Integer element) {
        inOrder &= element == drainedInOrder;
        drainedInOrder++;
    }
}
