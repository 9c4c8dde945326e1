package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The state behind a {@link ThresholdListener}: the threshold in elements and whether the last
 * report said "above". Transitions are compare-and-set so that reports alternate even when several
 * producers check at once.
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

    /** Reports a crossing if {@code size} is on the other side of the level than the last report. */
    void check(int size) {
        boolean nowAbove = size >= level;
        if (isAbove() != nowAbove && ABOVE.compareAndSet(this, !nowAbove, nowAbove)) {
            listener.onThresholdCrossed(nowAbove, size, capacity);
        }
    }
}
