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
 * 3. An {@link SpscQueue} hands elements over in FIFO order, each exactly once: the producer offers
 * 1 then 2 while the consumer polls twice (0 stands for an empty poll); afterwards the arbiter
 * drains what is left, written as digits in order.
 */
@JCStressTest
@Outcome(
        id = "0, 0, 12",
        expect = ACCEPTABLE,
        desc = "Both polls found the queue empty; both elements were left, in order.")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "The first poll found it empty, the second took 1; 2 was left.")
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "The first poll took 1, the second came before 2 was offered.")
@Outcome(id = "1, 2, 0", expect = ACCEPTABLE, desc = "The polls took 1 then 2; nothing was left.")
@Outcome(expect = FORBIDDEN, desc = "An element was lost, duplicated or taken out of order.")
@State
public class SpscQueueFifoTest {
    private final SpscQueue<Integer> queue = new SpscQueue<>(4);

    @Actor
    public void producer() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void consumer(III_Result r) {
        r.r1 = orZero(queue.poll());
        r.r2 = orZero(queue.poll());
    }

    @Arbiter
    public void rest(III_Result r) {
        r.r3 = Digits.drain(queue);
    }

    private static int orZero(Integer element) {
        return element == null ? 0 : element;
    }
}
