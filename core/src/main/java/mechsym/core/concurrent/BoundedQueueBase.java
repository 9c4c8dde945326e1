package mechsym.core.concurrent;

/** Fields every thread of a bounded queue reads and nobody writes after construction. */
abstract class BoundedQueueColdFields<E> {
    final Object[] buffer;
    final int mask;
    final OccupancyThreshold threshold;

    BoundedQueueColdFields(int capacity, OccupancyThreshold threshold) {
        this.buffer = QueueSupport.newPaddedArray(capacity);
        this.mask = capacity - 1;
        this.threshold = threshold;
    }
}

/**
 * The read-only fields of a bounded queue followed by 128 bytes of padding; the queues add their
 * producer and consumer fields (and more padding) in subclasses.
 */
abstract class BoundedQueueBase<E> extends BoundedQueueColdFields<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    BoundedQueueBase(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }

    /** See {@link BoundedQueue#size()}. */
    public abstract int size();

    /** See {@link BoundedQueue#capacity()}. */
    public final int capacity() {
        return mask + 1;
    }

    /** The class name, size and capacity, e.g. {@code SpscQueue[size=3, capacity=8]}. */
    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[size=" + size() + ", capacity=" + capacity() + "]";
    }
}
