package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * 16. Occupancy reports alternate with several producers: an MPSC queue of four holding two
 * elements, its threshold at two (the upward report already made); one thread offers, the other
 * polls twice and then offers, so the size dips below the threshold and comes back while both
 * producers check it, in whatever order. However their checks interleave, the listener never gets
 * two reports in the same direction in a row: as many "above" calls as "below" ones, or one more.
 * The arbiter gives that difference and the number of "below" calls.
 */
@JCStressTest
@Outcome(id = "[01], .*", expect = ACCEPTABLE, desc = "The reports alternated (difference 0 or 1).")
@Outcome(expect = FORBIDDEN, desc = "Two reports in the same direction in a row.")
@State
public class ThresholdAlternationTest {
    private final AtomicInteger ups = new AtomicInteger();
    private final AtomicInteger downs = new AtomicInteger();
    private final MpscQueue<Integer> queue =
            new MpscQueue<>(4, 0.5, (above, size, capacity) -> (above ? ups : downs).incrementAndGet());

    public ThresholdAlternationTest() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void producer() {
        queue.offer(3);
    }

    @Actor
    public void consumerThenProducer() {
        queue.poll();
        queue.poll();
        queue.offer(4);
    }

    @Arbiter
    public void reports(II_Result r) {
        r.r1 = ups.get() - downs.get();
        r.r2 = downs.get();
    }
}
