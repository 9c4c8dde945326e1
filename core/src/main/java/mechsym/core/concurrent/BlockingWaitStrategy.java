package mechsym.core.concurrent;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Blocks waiting consumers on a lock's condition until a producer publishes: zero CPU while idle,
 * at the price of a thread wake-up (several microseconds, more under load) per hand-off and a lock
 * taken by the producer on every publish. Use it when CPU is scarcer than latency.
 *
 * <p>It blocks only while the cursor is below the awaited sequence; otherwise the consumer
 * <em>spins</em> with {@link Thread#onSpinWait()}, at 100% of a core (see {@link WaitStrategy}): a
 * consumer that depends on other consumers (a later pipeline stage) spins until those consumers
 * have finished the sequence, since no lock is signalled for them; and on a multi-producer ring,
 * whose cursor counts claims, a consumer spins from the moment a later sequence is claimed until the
 * awaited one is published. Interrupts do not end the wait: stop a consumer with {@link BatchEventProcessor#halt()} or
 * {@link SequenceBarrier#alert()}. Thread-safe.
 */
public final class BlockingWaitStrategy implements WaitStrategy {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    /** Creates the strategy with its own lock; share one instance among the barriers of one ring. */
    public BlockingWaitStrategy() {}

    @Override
    public long waitFor(long sequence, SequenceBarrier barrier) {
        if (barrier.cursorValue() < sequence) {
            lock.lock();
            try {
                while (barrier.cursorValue() < sequence) {
                    if (barrier.isAlerted()) {
                        return sequence - 1;
                    }
                    published.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
        }
        return BusySpinWaitStrategy.spin(sequence, barrier); // waiting for upstream consumers
    }

    @Override
    public void signalAllWhenBlocking() {
        lock.lock();
        try {
            published.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
