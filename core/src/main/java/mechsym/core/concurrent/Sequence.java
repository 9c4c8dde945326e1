package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** 128 bytes of padding before the value: the JVM lays out superclass fields first. */
abstract class SequenceLeftPadding {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/** The value, alone between two pads. */
abstract class SequenceValue extends SequenceLeftPadding {
    long value;
}

/** 128 bytes of padding after the value. */
abstract class SequenceRightPadding extends SequenceValue {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
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
