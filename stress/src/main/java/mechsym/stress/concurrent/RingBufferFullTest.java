package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import mechsym.core.concurrent.Sequence;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 11. A full multi-producer {@link RingBuffer}: {@code tryNext} fails while the ring is full and
 * claims nothing, and succeeds once the consumer frees a slot, never overwriting an event the
 * consumer is still reading. A ring of two holds events 0 and 1 (values 1 and 2); the consumer
 * reads event 0 and releases its sequence while a producer tries to claim sequence 2 (event 0's
 * slot) and write 3 into it; the arbiter reads the cursor.
 */
@JCStressTest
@Outcome(id = "1, 2, 2", expect = ACCEPTABLE, desc = "The consumer freed slot 0 first; sequence 2 was claimed.")
@Outcome(
        id = "1, -1, 1",
        expect = ACCEPTABLE,
        desc = "The ring was still full; the claim was refused and nothing moved.")
@Outcome(
        expect = FORBIDDEN,
        desc =
                "The producer overwrote an event being read, claimed past a full ring, or a refused claim moved the cursor.")
@State
public class RingBufferFullTest {
    /** A pre-allocated event with a plain field. */
    public static final class Event {
        long value;
    }

    private final RingBuffer<Event> ring = RingBuffer.createMultiProducer(Event::new, 2, new BusySpinWaitStrategy());
    private final Sequence consumer = new Sequence();

    public RingBufferFullTest() {
        ring.addGatingSequences(consumer);
        for (int value = 1; value <= 2; value++) {
            long sequence = ring.next();
            ring.get(sequence).value = value;
            ring.publish(sequence);
        }
    }

    @Actor
    public void consumer(III_Result r) {
        r.r1 = (int) ring.get(0).value;
        consumer.setRelease(0);
    }

    @Actor
    public void producer(III_Result r) {
        long sequence = ring.tryNext();
        r.r2 = (int) sequence;
        if (sequence >= 0) {
            try {
                ring.get(sequence).value = 3;
            } finally {
                ring.publish(sequence);
            }
        }
    }

    @Arbiter
    public void cursor(III_Result r) {
        r.r3 = (int) ring.getCursor();
    }
}
