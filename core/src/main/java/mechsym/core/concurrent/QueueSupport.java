package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/** Arithmetic and checks shared by the bounded queues and the ring buffer. */
final class QueueSupport {
    /** The largest capacity: the largest power of two an {@code int} holds. */
    static final int MAX_CAPACITY = 1 << 30;

    /**
     * Reference slots left empty at each end of an element array, so that the slots in use never
     * share a cache line with the array header or a neighbouring object: 128 bytes with compressed
     * (4-byte) references, 256 bytes with 8-byte ones.
     */
    static final int ARRAY_PAD = 32;

    /** Volatile, acquire and release access to the elements of an {@code Object[]}. */
    static final VarHandle ELEMENT = MethodHandles.arrayElementVarHandle(Object[].class);

    private QueueSupport() {}

    /**
     * The smallest power of two at least {@code requested}.
     *
     * @throws IllegalArgumentException if {@code requested} is below 1 or above {@link #MAX_CAPACITY}
     */
    static int capacityFor(int requested) {
        if (requested < 1 || requested > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be between 1 and " + MAX_CAPACITY + ", was " + requested);
        }
        return requested == 1 ? 1 : Integer.highestOneBit(requested - 1) << 1;
    }

    /** An element array for {@code capacity} slots plus the padding at each end. */
    static Object[] newPaddedArray(int capacity) {
        return new Object[capacity + 2 * ARRAY_PAD];
    }

    /** The array index of sequence {@code sequence} in a padded array with the given mask. */
    static int slot(long sequence, int mask) {
        return ARRAY_PAD + (int) (sequence & mask);
    }

    /** Rejects {@code null} elements. */
    static void requireElement(Object element) {
        Objects.requireNonNull(element, "element must not be null");
    }

    /** Rejects a {@code null} threshold listener (the constructors that take one require it). */
    static ThresholdListener requireListener(ThresholdListener listener) {
        return Objects.requireNonNull(listener, "listener must not be null");
    }

    /** Rejects a negative drain limit. */
    static void requireLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative, was " + limit);
        }
    }
}
