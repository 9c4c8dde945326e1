package mechsym.core.pool;

import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A bounded pool of reusable objects: a LIFO stack of at most {@link #capacity()} ready objects,
 * filled with {@code capacity} objects from the factory when built.
 *
 * <p><b>Thread safety:</b> none. A pool belongs to one thread (or to threads that hand it over with
 * their own happens-before edge, such as a queue). Two threads calling {@code acquire} or {@code
 * release} at once corrupt it, undetected, like the JDK's unsynchronised collections. An object
 * handed to another thread and released there needs a pool per thread or an external lock.
 *
 * <p><b>Memory ordering:</b> none beyond program order; the pool publishes nothing.
 *
 * <p><b>Bounds:</b> the pool never holds more than {@code capacity} objects. {@link #acquire()} on an
 * empty pool returns {@code null} ({@link WhenEmpty#RETURN_NULL}) or a new object from the factory
 * ({@link WhenEmpty#ALLOCATE}). {@link #release(Object)} on a full pool drops the object and returns
 * {@code false}: a full pool cannot take back an object it did not hand out, so an over-release
 * shows here and in the counts.
 *
 * <p><b>Allocation:</b> {@code acquire} and {@code release} allocate nothing (the stack is an array
 * sized once), except {@code acquire} on an empty {@link WhenEmpty#ALLOCATE} pool, which calls the
 * factory.
 *
 * <p><b>Tags:</b> the pool keeps a {@code long} beside each ready object, its tag (a slot offset, an
 * index): {@link #release(Object, long)} stores it, {@link #acquiredTag()} gives the tag of the object
 * the last {@link #acquire()} returned. An owner that needs such a number for each object reads it from
 * the pool's own array, hot in the cache at the stack's top, instead of from the object, which may
 * not be. Objects the factory makes are tagged by the pool's {@code tagOf} function (0 without one).
 *
 * <p><b>Leaks:</b> the pool counts objects handed out and objects given back (kept or dropped).
 * Their difference, {@link #outstanding()}, is the number of objects in use; when the owner believes
 * it has released everything, {@link #leakCheck()} says how many were never returned. The pool does
 * not know which ones: identity tracking would cost a table update per call. Releasing an object
 * twice, or one from elsewhere, hides a leak of the same count: the counts are a check, not a proof.
 *
 * @param <T> the pooled type; the pool never resets an object, the caller does before reuse
 */
public final class ObjectPool<T> {

    /** What {@link #acquire()} does when no ready object is left. */
    public enum WhenEmpty {
        /** Return {@code null}: the pool is the only source of objects (fixed pool). */
        RETURN_NULL,
        /** Make a new object with the factory (a pool that falls back to allocation: "mixed"). */
        ALLOCATE
    }

    private final Object[] ready;
    private final long[] tags;
    private final Supplier<? extends T> factory;
    private final ToLongFunction<? super T> tagOf;
    private final WhenEmpty whenEmpty;
    private int size;
    private long acquiredTag;
    private long acquired;
    private long released;
    private long allocatedWhenEmpty;
    private long dropped;

    private ObjectPool(
            int capacity, Supplier<? extends T> factory, ToLongFunction<? super T> tagOf, WhenEmpty whenEmpty) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        }
        this.factory = Objects.requireNonNull(factory, "factory");
        this.tagOf = Objects.requireNonNull(tagOf, "tagOf");
        this.whenEmpty = Objects.requireNonNull(whenEmpty, "whenEmpty");
        this.ready = new Object[capacity];
        this.tags = new long[capacity];
        for (int i = 0; i < capacity; i++) {
            T object = Objects.requireNonNull(factory.get(), "the factory returned null");
            ready[i] = object;
            tags[i] = tagOf.applyAsLong(object);
        }
        this.size = capacity;
    }

    /**
     * A full pool of {@code capacity} objects from {@code factory} whose {@code acquire} returns null
     * once they are all in use.
     *
     * @throws IllegalArgumentException if capacity is negative
     */
    public static <T> ObjectPool<T> fixed(int capacity, Supplier<? extends T> factory) {
        return new ObjectPool<>(capacity, factory, object -> 0, WhenEmpty.RETURN_NULL);
    }

    /**
     * A full pool of {@code capacity} objects that makes new ones when empty and drops those released
     * while it is full (the post's "mixed" strategy).
     *
     * @throws IllegalArgumentException if capacity is negative
     */
    public static <T> ObjectPool<T> allocatingWhenEmpty(int capacity, Supplier<? extends T> factory) {
        return allocatingWhenEmpty(capacity, factory, object -> 0);
    }

    /**
     * As {@link #allocatingWhenEmpty(int, Supplier)}, each object the factory makes tagged by {@code
     * tagOf} (see Tags above).
     *
     * @throws IllegalArgumentException if capacity is negative
     */
    public static <T> ObjectPool<T> allocatingWhenEmpty(
            int capacity, Supplier<? extends T> factory, ToLongFunction<? super T> tagOf) {
        return new ObjectPool<>(capacity, factory, tagOf, WhenEmpty.ALLOCATE);
    }

    /**
     * A ready object, the one released last (warm in the cache); when none is left, {@code null} or a
     * new one as the pool was built.
     */
    @SuppressWarnings("unchecked")
    public T acquire() {
        if (size > 0) {
            acquired++;
            int top = --size;
            T object = (T) ready[top];
            ready[top] = null; // the pool does not keep what it lent
            acquiredTag = tags[top];
            return object;
        }
        if (whenEmpty == WhenEmpty.RETURN_NULL) {
            return null;
        }
        acquired++;
        allocatedWhenEmpty++;
        T made = factory.get();
        acquiredTag = tagOf.applyAsLong(made);
        return made;
    }

    /** The tag of the object the last {@link #acquire()} returned (undefined before one did). */
    public long acquiredTag() {
        return acquiredTag;
    }

    /**
     * Gives an object back. Kept for reuse when there is room ({@code true}); dropped for the garbage
     * collector when the pool is full ({@code false}).
     *
     * @throws NullPointerException if object is null
     */
    public boolean release(T object) {
        return release(object, 0);
    }

    /**
     * Gives an object back with its tag, which the next {@link #acquire()} of it hands back by {@link
     * #acquiredTag()}; kept or dropped as {@link #release(Object)}.
     *
     * @throws NullPointerException if object is null
     */
    public boolean release(T object, long tag) {
        if (object == null) {
            throw new NullPointerException("released null into the pool");
        }
        released++;
        if (size == ready.length) {
            dropped++;
            return false;
        }
        tags[size] = tag;
        ready[size++] = object;
        return true;
    }

    /** The most objects the pool holds. */
    public int capacity() {
        return ready.length;
    }

    /** Objects ready to be acquired now. */
    public int available() {
        return size;
    }

    /** Objects handed out and not given back: acquired minus released. */
    public long outstanding() {
        return acquired - released;
    }

    /** Objects handed out since the pool was built. */
    public long acquiredCount() {
        return acquired;
    }

    /** Objects given back since the pool was built (kept or dropped). */
    public long releasedCount() {
        return released;
    }

    /** Objects the factory made because the pool was empty ({@link WhenEmpty#ALLOCATE} only). */
    public long allocatedWhenEmptyCount() {
        return allocatedWhenEmpty;
    }

    /** Objects released while the pool was full and left to the garbage collector. */
    public long droppedCount() {
        return dropped;
    }

    /**
     * For the owner who believes every object is back: {@code null} when the counts balance, else a
     * sentence saying how many objects were never returned (or returned once too often).
     */
    public String leakCheck() {
        long out = outstanding();
        if (out == 0) {
            return null;
        }
        if (out > 0) {
            return out + " object" + (out == 1 ? " was" : "s were") + " acquired and never released (acquired "
                    + acquired + ", released " + released + ")";
        }
        return -out + " more release" + (out == -1 ? "" : "s") + " than acquires: an object released twice or"
                + " one the pool never lent (acquired " + acquired + ", released " + released + ")";
    }

    @Override
    public String toString() {
        return "ObjectPool[" + size + "/" + ready.length + " ready, " + whenEmpty + ", outstanding " + outstanding()
                + "]";
    }
}
