package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import mechsym.core.concurrent.Sequence;
import mechsym.core.concurrent.SequenceBarrier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * 10. Fan-out with wrap-around: two consumers both see every published event, and the producer does
 * not overwrite an event until both have passed it. A ring of one slot holds event 0 (value 1),
 * gated by both consumers. The left consumer reads it and releases its sequence; the right one
 * reads it, releases its sequence and then, as the producer, tries to claim sequence 1 (the same
 * slot) and write 2 into it. The arbiter reads the slot at the end.
 */
@JCStressTest
@Outcome(
        id = "1, 1, 1, 2",
        expect = ACCEPTABLE,
        desc = "Both consumers saw 1; the left one had passed it, so the producer wrapped and wrote 2.")
@Outcome(
        id = "1, 1, -1, 1",
        expect = ACCEPTABLE,
        desc = "Both consumers saw 1; the left one had not passed it yet, so the claim was refused.")
@Outcome(
        expect = FORBIDDEN,
        desc = "A consumer missed event 0 or saw it overwritten: the producer lapped a gating consumer.")
@State
public class RingBufferFanOutTest {
    /** A pre-allocated event with a plain field. */
    public static final class Event {
        long value;
    }

    private final RingBuffer<Event> ring = RingBuffer.createSingleProducer(Event::new, 1, new BusySpinWaitStrategy());
    private final Sequence left = new Sequence();
    private final Sequence right = new Sequence();
    private final SequenceBarrier leftBarrier = ring.newBarrier();
    private final SequenceBarrier rightBarrier = ring.newBarrier();

    public RingBufferFanOutTest() {
        ring.addGatingSequences(left, right);
        long sequence = ring.next();
        ring.get(sequence).value = 1;
        ring.publish(sequence);
    }

    @Actor
    public void leftConsumer(IIII_Result r) {
        r.r1 = consume(leftBarrier, left);
    }

    @Actor
    public void rightConsumerThenProducer(IIII_Result r) {
        r.r2 = consume(rightBarrier, right);
        long sequence = ring.tryNext();
        r.r3 = (int) sequence;
        if (sequence >= 0) {
            try {
                ring.get(sequence).value = 2;
            } finally {
                ring.publish(sequence);
            }
        }
    }

    @Arbiter
    public void slot(IIII_Result r) {
        r.r4 = (int) ring.get(0).value;
    }

    /** Reads event 0 through the barrier and marks it done: its value, or -1 if it was not available. */
    private int consume(SequenceBarrier barrier, Sequence done) {
        if (barrier.tryWaitFor(0) < 0) {
            return -1;
        }
        int value = (int) ring.get(0).value;
        done.setRelease(0);
        return value;
    }
}
