package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The state behind a {@link ThresholdListener}, shared by the bounded queues and the ring buffer:
 * the threshold in elements and whether the last report said "above". Transitions are
 * compare-and-set so that reports alternate even when several producers check at once.
 *
 * <p>How a structure uses it, on its producer side after each successful offer or publish: it
 * passes {@link #mayHaveCrossed} an estimate of its size that is never below the true size (its
 * cached, possibly stale, view of the consumer side); only if that says yes does it read the
 * consumer side's exact position (a cache line the consumers write) and call {@link #check}. So
 * the consumers' lines are read only near or above the threshold.
 */
final class OccupancyThreshold {
    private static final VarHandle ABOVE;

    static {
        try {
            ABOVE = MethodHandles.lookup().findVarHandle(OccupancyThreshold.class, "above", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The threshold in elements: a size at or above it is "above". */
    final int level;

    private final int capacity;
    private final ThresholdListener listener;

    @SuppressWarnings("unused") // accessed through ABOVE
    private boolean above;

    OccupancyThreshold(int capacity, double fraction, ThresholdListener listener) {
        if (!(fraction > 0.0 && fraction <= 1.0)) {
            throw new IllegalArgumentException("threshold must be a fraction in (0, 1], was " + fraction);
        }
        this.listener = Objects.requireNonNull(listener, "listener must not be null");
        this.capacity = capacity;
        this.level = (int) Math.max(1, Math.ceil(fraction * capacity));
    }

    /** Whether the last report was "above" (opaque read: a hint, re-checked by the transition). */
    boolean isAbove() {
        return (boolean) ABOVE.getOpaque(this);
    }

    /**
     * Whether a producer whose size estimate is {@code upperBound} (never below the true size) must
     * compute the exact size and {@link #check} it: the estimate reaches the level, or the last
     * report was "above" (then only the exact size can tell that it fell below).
     */
    boolean mayHaveCrossed(long upperBound) {
        return upperBound >= level || isAbove();
    }

    /**
     * Reports a crossing if {@code size} (clamped to {@code [0, capacity]}) is on the other side of
     * the level than the last report.
     */
    void check(long size) {
        int observed = (int) Math.max(0, Math.min(capacity, size));
        boolean nowAbove = observed >= level;
        if (isAbove() != nowAbove && ABOVE.compareAndSet(this, !nowAbove, nowAbove)) {
            listener.onThresholdCrossed(nowAbove, observed, capacity);
        }
    }
}
