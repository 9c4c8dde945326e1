package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import mechsym.core.concurrent.SequenceBarrier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 14. A batch on a multi-producer {@link RingBuffer}: {@code next(2)} claims two sequences and
 * {@code publish(lo, hi)} publishes both. A consumer that sees a sequence of the batch available
 * sees the value written into its event before the publish, and never sees the second event
 * without the first. The consumer looks once with {@code tryWaitFor(0)} and reads each event it
 * was given.
 */
@JCStressTest
@Outcome(id = "-1, -1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the batch was published.")
@Outcome(
        id = "0, 1, -1",
        expect = ACCEPTABLE,
        desc = "The consumer looked between the two availability flags: event 0 only, with its value.")
@Outcome(id = "1, 1, 2", expect = ACCEPTABLE, desc = "The consumer saw the whole batch, with both values.")
@Outcome(expect = FORBIDDEN, desc = "An event was handed over without its value, or the second before the first.")
@State
public class RingBufferBatchTest {
    /** A pre-allocated event with a plain field. */
    public static final class Event {
        long value;
    }

    private final RingBuffer<Event> ring = RingBuffer.createMultiProducer(Event::new, 4, new BusySpinWaitStrategy());
    private final SequenceBarrier barrier = ring.newBarrier();

    @Actor
    public void producer() {
        long hi = ring.next(2);
        long lo = hi - 1;
        try {
            ring.get(lo).value = 1;
            ring.get(hi).value = 2;
        } finally {
            ring.publish(lo, hi);
        }
    }

    @Actor
    public void consumer(III_Result r) {
        long available = barrier.tryWaitFor(0);
        r.r1 = (int) Math.max(-1, Math.min(available, 1));
        r.r2 = available >= 0 ? (int) ring.get(0).value : -1;
        r.r3 = available >= 1 ? (int) ring.get(1).value : -1;
    }
}
