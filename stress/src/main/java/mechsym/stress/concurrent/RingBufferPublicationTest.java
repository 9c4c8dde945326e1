package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * 7. A single-producer {@link RingBuffer}: once a consumer sees a sequence published, it sees what
 * the producer wrote into the pre-allocated event before {@code publish}.
 */
@JCStressTest
@Outcome(id = "-1", expect = ACCEPTABLE, desc = "The consumer looked before sequence 0 was published.")
@Outcome(
        id = "42",
        expect = ACCEPTABLE,
        desc = "The consumer saw sequence 0 published, with the value written before publish.")
@Outcome(expect = FORBIDDEN, desc = "The consumer saw sequence 0 published but not the value written before publish.")
@State
public class RingBufferPublicationTest {
    /** A pre-allocated event with a plain field. */
    public static final class Event {
        long value;
    }

    private final RingBuffer<Event> ring = RingBuffer.createSingleProducer(Event::new, 4, new BusySpinWaitStrategy());

    @Actor
    public void producer() {
        long sequence = ring.next();
        try {
            ring.get(sequence).value = 42;
        } finally {
            ring.publish(sequence);
        }
    }

    @Actor
    public void consumer(I_Result r) {
        r.r1 = ring.isPublished(0) ? (int) ring.get(0).value : -1;
    }
}
