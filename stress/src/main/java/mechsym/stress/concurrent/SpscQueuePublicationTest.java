package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.SpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * 2. An element polled from an {@link SpscQueue} shows every write its producer made before {@code
 * offer}, though its field is neither final nor volatile.
 */
@JCStressTest
@Outcome(id = "-1", expect = ACCEPTABLE, desc = "The consumer polled before the producer offered: the queue was empty.")
@Outcome(
        id = "42",
        expect = ACCEPTABLE,
        desc = "The consumer polled the element and saw the field written before offer.")
@Outcome(expect = FORBIDDEN, desc = "The consumer polled the element but not the write made before offer.")
@State
public class SpscQueuePublicationTest {
    /** A mutable element: its field is written after construction, with a plain write. */
    public static final class Element {
        int value;
    }

    private final SpscQueue<Element> queue = new SpscQueue<>(2);

    @Actor
    public void producer() {
        Element element = new Element();
        element.value = 42;
        queue.offer(element);
    }

    @Actor
    public void consumer(I_Result r) {
        Element element = queue.poll();
        r.r1 = element == null ? -1 : element.value;
    }
}
