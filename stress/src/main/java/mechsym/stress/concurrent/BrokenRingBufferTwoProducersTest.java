package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * Negative control for the ring buffer tests, broken on purpose: two threads claim with {@code
 * next()} on a ring made by {@code createSingleProducer}, whose claim is plain arithmetic for one
 * thread; both may claim the same sequence. The duplicate claim is {@code ACCEPTABLE_INTERESTING}
 * and {@code NegativeControls} requires jcstress to observe it (see {@link
 * BrokenSequenceIncrementTest}).
 */
@JCStressTest
@Outcome(
        id = {"0, 1", "1, 0"},
        expect = ACCEPTABLE,
        desc = "Each thread claimed its own sequence.")
@Outcome(
        id = {"0, 0", "1, 1"},
        expect = ACCEPTABLE_INTERESTING,
        desc = "The broken variant's bug, caught: both threads claimed one sequence.")
@Outcome(expect = FORBIDDEN, desc = "Something else.")
@State
public class BrokenRingBufferTwoProducersTest {
    private final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 4, new BusySpinWaitStrategy());

    @Actor
    public void first(JJ_Result r) {
        r.r1 = ring.next();
    }

    @Actor
    public void second(JJ_Result r) {
        r.r2 = ring.next();
    }
}
