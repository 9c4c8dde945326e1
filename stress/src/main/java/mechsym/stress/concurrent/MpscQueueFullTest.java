package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 6. Two producers race for the last free slot of an {@link MpscQueue}: exactly one offer wins,
 * the other is refused, and the queue never holds more than its capacity. Capacity 2, holding 9;
 * producer A offers 1, producer B offers 2; the arbiter drains everything as digits.
 */
@JCStressTest
@Outcome(id = "1, 0, 91", expect = ACCEPTABLE, desc = "A took the last slot; B found the queue full.")
@Outcome(id = "0, 1, 92", expect = ACCEPTABLE, desc = "B took the last slot; A found the queue full.")
@Outcome(
        expect = FORBIDDEN,
        desc = "Both offers succeeded (overfilled), both failed (a free slot reported full), or an element was lost.")
@State
public class MpscQueueFullTest {
    private final MpscQueue<Integer> queue = new MpscQueue<>(2);

    public MpscQueueFullTest() {
        queue.offer(9);
    }

    @Actor
    public void producerA(III_Result r) {
        r.r1 = queue.offer(1) ? 1 : 0;
    }

    @Actor
    public void producerB(III_Result r) {
        r.r2 = queue.offer(2) ? 1 : 0;
    }

    @Arbiter
    public void rest(III_Result r) {
        r.r3 = Digits.drain(queue);
    }
}
