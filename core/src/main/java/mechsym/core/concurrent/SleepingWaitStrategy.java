package mechsym.core.concurrent;

import java.util.concurrent.locks.LockSupport;

/**
 * Spins 100 times, yields 100 times, then parks for a fixed time between checks: near-zero CPU while
 * idle and no cost to producers (nothing to signal), at the price of reaction times up to the park
 * time plus the OS timer slack (a park of any length lasts at least about 50 microseconds on
 * Linux). Good for background consumers (logging, persistence) on shared machines. Thread-safe.
 */
public final class SleepingWaitStrategy implements WaitStrategy {
    private static final int SPIN_TRIES = 100;
    private static final int YIELD_TRIES = 100;
    private static final long DEFAULT_PARK_NANOS = 100_000L;

    private final long parkNanos;

    /** Parks 100 microseconds at a time once spinning and yielding found nothing. */
    public SleepingWaitStrategy() {
        this(DEFAULT_PARK_NANOS);
    }

    /**
     * Parks {@code parkNanos} at a time once spinning and yielding found nothing.
     *
     * @throws IllegalArgumentException if {@code parkNanos} is not positive
     */
    public SleepingWaitStrategy(long parkNanos) {
        if (parkNanos <= 0) {
            throw new IllegalArgumentException("parkNanos must be positive, was " + parkNanos);
        }
        this.parkNanos = parkNanos;
    }

    @Override
    public long waitFor(long sequence, SequenceBarrier barrier) {
        long available;
        int counter = SPIN_TRIES + YIELD_TRIES;
        while ((available = barrier.dependentMinimum()) < sequence) {
            if (barrier.isAlerted()) {
                return available;
            }
            if (counter > YIELD_TRIES) {
                counter--;
                Thread.onSpinWait();
            } else if (counter > 0) {
                counter--;
                Thread.yield();
            } else {
                LockSupport.parkNanos(parkNanos);
            }
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {}

    /** The park time, e.g. {@code SleepingWaitStrategy[parkNanos=100000]}. */
    @Override
    public String toString() {
        return "SleepingWaitStrategy[parkNanos=" + parkNanos + "]";
    }
}
