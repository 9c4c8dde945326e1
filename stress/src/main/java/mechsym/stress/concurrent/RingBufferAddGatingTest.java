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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * 13. A consumer added while the producer runs is never lapped: {@code addGatingSequences} sets the
 * new sequence to the cursor, and the producer, once it sees the sequence, never claims more than
 * one buffer past it. A single-producer ring of two with no gating sequence yet; the producer
 * claims and publishes three batches of two with {@code tryNext(2)} (a refused claim ends it) while
 * another thread adds a consumer's sequence; the arbiter reports how far the cursor is ahead of the
 * new sequence, which nobody advanced.
 *
 * <p>Two things make it hold, and the test fails without either: the sequence is set to the cursor
 * again after the new array of gating sequences is published (set only before, a producer still
 * using the old array claims past the value set plus the buffer size, and a consumer starting
 * there reads overwritten events); and the producer puts a full fence between its publish and its
 * read of the gating sequences (without it, its read may overtake its publish, and both threads
 * see each other's old value).
 */
@JCStressTest
@Outcome(
        id = "[0-2], .*",
        expect = ACCEPTABLE,
        desc = "The producer stayed within one buffer (2) of the added sequence.")
@Outcome(expect = FORBIDDEN, desc = "The producer claimed more than a buffer past the added sequence: lapped it.")
@State
public class RingBufferAddGatingTest {
    private final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 2, new BusySpinWaitStrategy());
    private final Sequence added = new Sequence();

    @Actor
    public void producer() {
        for (int batch = 0; batch < 3; batch++) {
            long hi = ring.tryNext(2);
            if (hi < 0) {
                return;
            }
            ring.publish(hi - 1, hi);
        }
    }

    @Actor
    public void adder() {
        ring.addGatingSequences(added);
    }

    @Arbiter
    public void lag(II_Result r) {
        r.r1 = (int) (ring.getCursor() - added.getVolatile());
        r.r2 = (int) ring.getCursor();
    }
}
