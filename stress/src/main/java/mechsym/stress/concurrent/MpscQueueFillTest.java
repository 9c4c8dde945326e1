package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.MpscQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * 19. The MPSC queue's {@code fill} from two producers with a concurrent consumer: each producer claims
 * a batch of two slots with one compare-and-set (capacity 4, so both batches fit) and supplies its
 * elements, 1 then 2 and 3 then 4. The second producer is also the consumer (two actors at most,
 * see the package comment): after its batch it drains what is ready, which may include a slot of
 * the other batch still claimed but not filled (drain stops there). Each producer's elements must
 * come out once each and in its order; both batches must be added in full.
 */
@JCStressTest
@Outcome(
        id = "2, 2, 1",
        expect = ACCEPTABLE,
        desc = "Both batches added; every element came out once, each producer's in order.")
@Outcome(expect = FORBIDDEN, desc = "A batch was refused, or an element lost, duplicated or reordered.")
@State
public class MpscQueueFillTest {
    private final MpscQueue<Integer> queue = new MpscQueue<>(4);
    private int first = 1;
    private int second = 3;
    private int seen; // a bit per element, 1 << element
    private int lastOfFirst; // the last of 1, 2 taken
    private int lastOfSecond; // the last of 3, 4 taken
    private boolean inOrder = true;

    @Actor
    public void producerOne(III_Result r) {
        r.r1 = queue.fill(() -> first++, 2);
    }

    @Actor
    public void producerTwoThenConsumer(III_Result r) {
        r.r2 = queue.fill(() -> second++, 2);
        queue.drain(this::take, 4);
    }

    @Arbiter
    public void rest(III_Result r) {
        for (Integer element = queue.poll(); element != null; element = queue.poll()) {
            take(element);
        }
        r.r3 = inOrder && seen == 0b11110 ? 1 : 0;
    }

    private void take(Integer element) {
        inOrder &= (seen & (1 << element)) == 0;
        seen |= 1 << element;
        if (element <= 2) {
            inOrder &= element > lastOfFirst;
            lastOfFirst = element;
        } else {
            inOrder &= element > lastOfSecond;
            lastOfSecond = element;
        }
    }
}
