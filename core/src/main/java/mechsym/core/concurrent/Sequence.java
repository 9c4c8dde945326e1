package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** 128 bytes of padding before the value: the JVM lays out superclass fields first. */
abstract class SequenceLeftPadding {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The value, alone between two pads. */
abstract class SequenceValue extends SequenceLeftPadding {
    long value;
}

/** 128 bytes of padding after the value. */
abstract class SequenceRightPadding extends SequenceValue {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * A {@code long} alone on its cache lines, read and written with an explicit memory order. Any
 * thread may call any method; what a method guarantees is the guarantee of the {@link VarHandle}
 * access mode it names, and nothing more.
 *
 * <p>Padding: 128 bytes on each side (two 64-byte lines, because adjacent-line prefetchers fetch
 * lines in pairs), placed by class hierarchy because the JVM may reorder the fields of one class
 * but lays out a superclass's fields before a subclass's. Writes to a {@code Sequence} therefore
 * never invalidate a cache line holding another object's fields, and vice versa (false sharing).
 *
 * <p>Memory order, by method name:
 *
 * <ul>
 *   <li>{@code getPlain} / {@code setPlain}: no ordering; for the owning thread's own reads of a
 *       value only it writes.
 *   <li>{@code getOpaque} / {@code setOpaque}: the value is eventually seen and never goes back in
 *       time for one reader, but orders no other access. For progress counters and statistics.
 *   <li>{@code setRelease} then {@code getAcquire}: when the acquire read sees the released value,
 *       everything the writer did before {@code setRelease} happens-before everything the reader
 *       does after {@code getAcquire}. This is the single-writer publication the seeds call {@code
 *       lazySet}: on x86 a plain {@code mov}, without the {@code lock}-prefixed fence a volatile
 *       write costs.
 *   <li>{@code getVolatile} / {@code setVolatile}: sequentially consistent; a volatile write also
 *       orders itself before later reads by the same thread (the store-load fence).
 *   <li>{@code compareAndSet}, {@code getAndAdd}: atomic read-modify-write with volatile semantics.
 * </ul>
 */
public final class Sequence extends SequenceRightPadding {
    /** The initial value of a sequence created with {@link #Sequence()}: nothing published yet. */
    public static final long INITIAL_VALUE = -1L;

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(SequenceValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Creates a sequence holding {@link #INITIAL_VALUE}. */
    public Sequence() {
        this(INITIAL_VALUE);
    }

    /**
     * Creates a sequence holding {@code initialValue}; the value is safely published with this
     * object only if the object itself is (final-field semantics do not cover it).
     */
    public Sequence(long initialValue) {
        VALUE.setRelease(this, initialValue);
    }

    /** Plain read: no ordering, no guarantee of freshness across threads. */
    public long getPlain() {
        return value;
    }

    /** Opaque read: coherent and eventually fresh, orders nothing else. */
    public long getOpaque() {
        return (long) VALUE.getOpaque(this);
    }

    /** Acquire read: later accesses of this thread cannot move before it; pairs with {@link #setRelease}. */
    public long getAcquire() {
        return (long) VALUE.getAcquire(this);
    }

    /** Volatile read: sequentially consistent; pairs with {@link #setVolatile}. */
    public long getVolatile() {
        return (long) VALUE.getVolatile(this);
    }

    /** Plain write: no ordering; only for values no other thread reads concurrently. */
    public void setPlain(long newValue) {
        value = newValue;
    }

    /** Opaque write: eventually visible, orders nothing else. */
    public void setOpaque(long newValue) {
        VALUE.setOpaque(this, newValue);
    }

    /**
     * Release write: earlier accesses of this thread cannot move after it; pairs with {@link
     * #getAcquire}. No store-load fence: the cheap single-writer publication ("lazySet").
     */
    public void setRelease(long newValue) {
        VALUE.setRelease(this, newValue);
    }

    /** Volatile write: sequentially consistent, with the store-load fence ({@code lock addl} on x86). */
    public void setVolatile(long newValue) {
        VALUE.setVolatile(this, newValue);
    }

    /**
     * Atomically sets the value to {@code newValue} if it is {@code expectedValue}, with volatile
     * semantics.
     *
     * @return {@code true} if the value was {@code expectedValue} and is now {@code newValue}
     */
    public boolean compareAndSet(long expectedValue, long newValue) {
        return VALUE.compareAndSet(this, expectedValue, newValue);
    }

    /**
     * Atomically adds {@code delta}, with volatile semantics ({@code lock xadd} on x86).
     *
     * @return the value before the addition
     */
    public long getAndAdd(long delta) {
        return (long) VALUE.getAndAdd(this, delta);
    }

    /** The current value (volatile read), in decimal. */
    @Override
    public String toString() {
        return Long.toString(getVolatile());
    }
}
