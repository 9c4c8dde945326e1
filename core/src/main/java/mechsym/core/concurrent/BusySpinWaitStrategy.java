package mechsym.core.concurrent;

/**
 * Spins on the dependent sequences with {@link Thread#onSpinWait()}: the lowest and steadiest
 * latency, at the price of one core held at 100% by each waiting consumer even when no event
 * arrives. Use it only when every consumer thread has a core of its own (more busy-spinning threads
 * than cores make latency far worse than any other strategy). Thread-safe, stateless.
 */
public final class BusySpinWaitStrategy implements WaitStrategy {
    /** Creates the strategy; it holds no state, so one instance can serve every barrier. */
    public BusySpinWaitStrategy() {}

    @Override
    public long waitFor(long sequence, SequenceBarrier barrier) {
        return spin(sequence, barrier);
    }

    /** Spins until the barrier's dependents reach {@code sequence} or it is alerted; shared by the strategies. */
    static long spin(long sequence, SequenceBarrier barrier) {
        long available;
        while ((available = barrier.dependentMinimum()) < sequence) {
            if (barrier.isAlerted()) {
                return available;
            }
            Thread.onSpinWait();
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {}
}
