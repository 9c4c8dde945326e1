package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import mechsym.core.concurrent.BusySpinWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * Negative control for the wake-up tests, broken on purpose: a consumer blocks on a lock's
 * condition after checking for the event <em>outside</em> the lock, the mistake {@code
 * BlockingWaitStrategy} avoids by checking again under it. A publish and signal that fall between
 * the check and the wait are lost, and the consumer sleeps on. The window is widened on purpose (a
 * 50-millisecond park between the check and the lock, where jcstress sends its signal) so that the run hits it; the lost wake-up
 * ({@code STALE}) is {@code ACCEPTABLE_INTERESTING}, and {@code NegativeControls} requires jcstress
 * to observe it (see {@link BrokenSequenceIncrementTest}). A stale consumer waits until jcstress
 * ends its JVM, as in jcstress's own termination samples.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The consumer saw the event or was woken for it.")
@Outcome(
        id = "STALE",
        expect = ACCEPTABLE_INTERESTING,
        desc = "The broken variant's bug, caught: the signal came between the check and the wait.")
@State
public class BrokenWakeUpTest {
    private final RingBuffer<long[]> ring =
            RingBuffer.createSingleProducer(() -> new long[1], 4, new BusySpinWaitStrategy());
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    @Actor
    public void consumer() throws InterruptedException {
        if (!ring.isPublished(0)) { // the check, outside the lock
            LockSupport.parkNanos(50_000_000);
            lock.lock();
            try {
                published.await(); // no second check under the lock
            } finally {
                lock.unlock();
            }
        }
    }

    @Signal
    public void producer() {
        ring.publish(ring.next());
        lock.lock();
        try {
            published.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
