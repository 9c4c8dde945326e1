package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * 5. Two producers share an {@link MpscQueue}: every element arrives exactly once and each
 * producer's elements arrive in its order. Producer A offers 1 then 2; producer B offers 3 and then,
 * as the queue's one consumer, polls once (0: nothing ready); the arbiter drains the rest as digits.
 * Two actors only, so that the test also runs on two CPUs.
 *
 * <p>A poll can find nothing ready only when A has claimed slot 0 but not yet stored 1 into it,
 * which is possible only if B's claim came between A's two claims (order 1, 3, 2). In order 1, 2, 3
 * B's claim read A's second claim, which A made after storing 1, so B must see 1.
 */
@JCStressTest
@Outcome(
        id = "1, 23",
        expect = ACCEPTABLE,
        desc = "Claims in order 1, 2, 3: the poll took 1; 2 and 3 were left in order.")
@Outcome(id = "1, 32", expect = ACCEPTABLE, desc = "Claims in order 1, 3, 2: the poll took 1; 3 then 2 were left.")
@Outcome(
        id = "0, 132",
        expect = ACCEPTABLE,
        desc =
                "Claims in order 1, 3, 2: A had claimed slot 0 but not stored 1 yet, so the poll found nothing ready; nothing was lost.")
@Outcome(
        id = "3, 12",
        expect = ACCEPTABLE,
        desc = "B claimed first: the poll took B's 3; A's 1 and 2 were left in order.")
@Outcome(
        expect = FORBIDDEN,
        desc =
                "An element was lost or duplicated, A's elements arrived out of order, or a stored element was not visible.")
@State
public class MpscQueueTwoProducersTest {
    private final MpscQueue<Integer> queue = new MpscQueue<>(4);

    @Actor
    public void producerA() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void producerBThenConsumer(II_Result r) {
        queue.offer(3);
        Integer element = queue.poll();
        r.r1 = element == null ? 0 : element;
    }

    @Arbiter
    public void rest(II_Result r) {
        r.r2 = Digits.drain(queue);
    }
}
