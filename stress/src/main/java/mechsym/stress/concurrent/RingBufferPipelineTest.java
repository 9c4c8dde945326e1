package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import mechsym.core.concurrent.Sequence;
import mechsym.core.concurrent.SequenceBarrier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * 9. A consumer pipeline: stage B, whose barrier depends on stage A's sequence, never sees an event
 * A has not processed. The first actor publishes sequence 0 (value 21) and then, as stage A,
 * processes it (doubled = 42) and releases A's sequence; stage B asks its barrier whether 0 is
 * available, without waiting, and if so reads both fields.
 */
@JCStressTest
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "Stage B looked before stage A finished event 0.")
@Outcome(id = "42, 21", expect = ACCEPTABLE, desc = "Stage B saw event 0 with the producer's and stage A's writes.")
@Outcome(expect = FORBIDDEN, desc = "Stage B was let through to an event stage A had not processed, or saw it stale.")
@State
public class RingBufferPipelineTest {
    /** A pre-allocated event with plain fields: one written by the producer, one by stage A. */
    public static final class Event {
        long value;
        long doubled;
    }

    private final RingBuffer<Event> ring = RingBuffer.createSingleProducer(Event::new, 4, new BusySpinWaitStrategy());
    private final Sequence stageA = new Sequence();
    private final SequenceBarrier barrierA = ring.newBarrier();
    private final SequenceBarrier barrierB = ring.newBarrier(stageA);

    @Actor
    public void producerThenStageA() {
        long sequence = ring.next();
        try {
            ring.get(sequence).value = 21;
        } finally {
            ring.publish(sequence);
        }
        if (barrierA.tryWaitFor(0) >= 0) { // always true on this thread: it published 0
            Event event = ring.get(0);
            event.doubled = 2 * event.value;
            stageA.setRelease(0);
        }
    }

    @Actor
    public void stageB(II_Result r) {
        if (barrierB.tryWaitFor(0) >= 0) {
            Event event = ring.get(0);
            r.r1 = (int) event.doubled;
            r.r2 = (int) event.value;
        } else {
            r.r1 = -1;
            r.r2 = -1;
        }
    }
}
