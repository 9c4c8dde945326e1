package mechsym.stress.concurrent;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import mechsym.core.concurrent.BlockingWaitStrategy;
import mechsym.core.concurrent.RingBuffer;
import mechsym.core.concurrent.SequenceBarrier;
import mechsym.core.concurrent.SleepingWaitStrategy;
import mechsym.core.concurrent.WaitStrategy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * 12. No lost wake-up: a consumer waiting in {@link SequenceBarrier#waitFor} with the blocking
 * or the sleeping (parking) strategy always returns once the producer publishes, or once
 * someone alerts the barrier (how {@code BatchEventProcessor.halt()} stops a waiting consumer),
 * whichever side comes first. Termination tests: the actor waits, the signal publishes or alerts;
 * an actor still waiting long after the signal is a lost wake-up ({@code STALE}).
 */
public class WaitStrategyWakeUpTest {
    /** A pre-allocated event. */
    public static final class Event {
        long value;
    }

    abstract static class Waiting {
        final RingBuffer<Event> ring;
        final SequenceBarrier barrier;

        Waiting(WaitStrategy strategy) {
            ring = RingBuffer.createSingleProducer(Event::new, 4, strategy);
            barrier = ring.newBarrier();
        }

        void publish() {
            ring.publish(ring.next());
        }
    }

    /** The blocking strategy (lock and condition): the publish must signal a consumer about to block. */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiting consumer woke for the publish.")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the consumer still waits after the publish.")
    @State
    public static class BlockingPublish extends Waiting {
        public BlockingPublish() {
            super(new BlockingWaitStrategy());
        }

        @Actor
        public void consumer() {
            barrier.waitFor(0);
        }

        @Signal
        public void producer() {
            publish();
        }
    }

    /** The blocking strategy again, woken by an alert instead of a publish. */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The waiting consumer woke for the alert.")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "Lost wake-up: the consumer still waits after the alert.")
    @State
    public static class BlockingAlert extends Waiting {
        public BlockingAlert() {
            super(new BlockingWaitStrategy());
        }

        @Actor
        public void consumer() {
            barrier.waitFor(0);
        }

        @Signal
        public void halt() {
            barrier.alert();
        }
    }

    /** The sleeping strategy (spin, yield, then park 10 microseconds at a time). */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "The parked consumer noticed the publish.")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "The consumer never noticed the publish.")
    @State
    public static class SleepingPublish extends Waiting {
        public SleepingPublish() {
            super(new SleepingWaitStrategy(10_000));
        }

        @Actor
        public void consumer() {
            barrier.waitFor(0);
        }

        @Signal
        public void producer() {
            publish();
        }
    }
}
