package mechsym.core.concurrent;

/**
 * Spins 100 times, then calls {@link Thread#yield()} between checks: latency close to busy-spinning
 * when the consumer has a core, and a waiting consumer gives way to other runnable threads when it
 * has not, but it still shows as 100% CPU while idle. Thread-safe, stateless.
 */
public final class YieldingWaitStrategy implements WaitStrategy {
    private static final int SPIN_TRIES = 100;

    /** Creates the strategy; it holds no state, so one instance can serve every barrier. */
    public YieldingWaitStrategy() {}

    @Override
    public long waitFor(long sequence, SequenceBarrier barrier) {
        long available;
        int counter = SPIN_TRIES;
        while ((available = barrier.dependentMinimum()) < sequence) {
            if (barrier.isAlerted()) {
                return available;
            }
            if (counter > 0) {
                counter--;
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {}
}
