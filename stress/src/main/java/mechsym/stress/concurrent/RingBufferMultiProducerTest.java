package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 8. A multi-producer {@link RingBuffer}: two producers claim distinct sequences, each sequence is
 * published on its own, and a thread that sees sequence 0 published sees its producer's value.
 * Producer A writes 1; producer B writes 2 and then looks at sequence 0 (-1: not yet published);
 * the arbiter reads events 0 and 1. Two actors only, so that the test also runs on two CPUs.
 */
@JCStressTest
@Outcome(id = "-1, 1, 2", expect = ACCEPTABLE, desc = "A claimed 0 and B claimed 1; B looked before A published 0.")
@Outcome(id = "1, 1, 2", expect = ACCEPTABLE, desc = "A claimed 0 and B claimed 1; B saw A's published value.")
@Outcome(id = "2, 2, 1", expect = ACCEPTABLE, desc = "B claimed 0 and saw its own published value; A claimed 1.")
@Outcome(
        expect = FORBIDDEN,
        desc =
                "Both producers got the same sequence, a published event showed a stale value, or B did not see its own publish.")
@State
public class RingBufferMultiProducerTest {
    /** A pre-allocated event with a plain field. */
    public static final class Event {
        long value;
    }

    private final RingBuffer<Event> ring = RingBuffer.createMultiProducer(Event::new, 4, new BusySpinWaitStrategy());

    @Actor
    public void producerA() {
        produce(1);
    }

    @Actor
    public void producerBThenLook(III_Result r) {
        produce(2);
        r.r1 = ring.isPublished(0) ? (int) ring.get(0).value : -1;
    }

    @Arbiter
    public void events(III_Result r) {
        r.r2 = (int) ring.get(0).value;
        r.r3 = (int) ring.get(1).value;
    }

    private void produce(long value) {
        long sequence = ring.next();
        try {
            ring.get(sequence).value = value;
        } finally {
            ring.publish(sequence);
        }
    }
}
