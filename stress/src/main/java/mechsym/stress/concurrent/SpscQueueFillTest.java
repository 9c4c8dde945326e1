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
 * 18. The SPSC queue's {@code fill} against a concurrent consumer: capacity 4 holds 1 and 2; the
 * producer fills up to four more (3..6) from a supplier in one call, publishing each slot as it
 * goes and its index once; the consumer polls twice, and may see the first filled elements before
 * the batch ends. Whatever the interleaving, every element supplied must come out exactly once, in
 * order, and the supplier must be called only for elements added.
 */
@JCStressTest
@Outcome(
        id = "[2-4], [0-4], 1",
        expect = ACCEPTABLE,
        desc = "Filled and polled counts of this interleaving; every element came out once, in order.")
@Outcome(expect = FORBIDDEN, desc = "An element was lost, duplicated, reordered or supplied in vain.")
@State
public class SpscQueueFillTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(4);
    private int supplied = 3; // the producer's next element
    private int next = 1; // the consumer's next expected element, then the arbiter's
    private boolean inOrder = true;

    public SpscQueueFillTest() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void producer(III_Result r) {
        r.r1 = queue.fill(() -> supplied++, 4);
    }

    @Actor
    public void consumer(III_Result r) {
        int polled = 0;
        for (int i = 0; i < 2; i++) {
            Integer element = queue.poll();
            if (element != null) {
                take(element);
                polled++;
            }
        }
        r.r2 = polled;
    }

    @Arbiter
    public void rest(III_Result r) {
        for (Integer element = queue.poll(); element != null; element = queue.poll()) {
            take(element);
        }
        r.r3 = inOrder && next == 3 + r.r1 && supplied == 3 + r.r1 ? 1 : 0;
    }

    private void take(Integer element) {
        inOrder &= element == next;
        next++;
    }
}
