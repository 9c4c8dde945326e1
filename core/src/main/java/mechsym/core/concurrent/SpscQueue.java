package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;

/** Written by the producer thread only. */
abstract class SpscQueueProducerFields<E> extends BoundedQueueBase<E> {
    /** The next sequence to offer into; released after the element is stored. */
    long producerIndex;
    /** The producer's last view of consumerIndex; plain, producer thread only. */
    long consumerIndexCache;

    SpscQueueProducerFields(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

abstract class SpscQueuePad2<E> extends SpscQueueProducerFields<E> {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SpscQueuePad2(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

/** Written by the consumer thread only. */
abstract class SpscQueueConsumerFields<E> extends SpscQueuePad2<E> {
    /** The next sequence to poll from; released after the slot is cleared. */
    long consumerIndex;
    /** The consumer's last view of producerIndex; plain, consumer thread only. */
    long producerIndexCache;

    SpscQueueConsumerFields(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

abstract class SpscQueuePad3<E> extends SpscQueueConsumerFields<E> {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    SpscQueuePad3(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

/**
 * A bounded queue for exactly one producer thread and one consumer thread: {@link #offer} from the
 * producer, {@link #poll} and {@link #drain} from the consumer, {@link #size}, {@link #isEmpty} and
 * {@link #capacity} from any thread. The producer and the consumer may change over time only if a
 * happens-before edge separates the old thread from the new one (a thread start, a join, a lock).
 *
 * <p><b>Happens-before:</b> the producer stores the element with a plain write and then publishes
 * its index with a release write; the consumer reads that index with an acquire read before it
 * reads the element. So everything the producer did before {@code offer} returned {@code true}
 * happens-before everything the consumer does after the {@code poll} that returns the element.
 * Symmetrically the consumer frees slots with a release write that the producer acquires before it
 * reuses them. There is no compare-and-set and no store-load fence on either side.
 *
 * <p><b>Full and empty:</b> {@code offer} returns {@code false} exactly when the queue holds {@link
 * #capacity()} elements; {@code poll} returns {@code null} exactly when it holds none. Each side
 * caches its last view of the other side's index and re-reads it only when the cache says full (or
 * empty), so in steady state the two threads do not touch each other's cache lines. Padding by
 * class hierarchy (128 bytes) keeps the producer's fields, the consumer's fields and the read-only
 * fields on separate cache lines. Nothing is allocated after construction.
 *
 * @param <E> the element type
 */
public final class SpscQueue<E> extends SpscQueuePad3<E> implements BoundedQueue<E> {
    private static final VarHandle PRODUCER_INDEX;
    private static final VarHandle CONSUMER_INDEX;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_INDEX = lookup.findVarHandle(SpscQueueProducerFields.class, "producerIndex", long.class);
            CONSUMER_INDEX = lookup.findVarHandle(SpscQueueConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Creates an empty queue.
     *
     * @param requestedCapacity at least this many elements; rounded up to a power of two
     * @throws IllegalArgumentException if {@code requestedCapacity} is below 1 or above 2^30
     */
    public SpscQueue(int requestedCapacity) {
        super(QueueSupport.capacityFor(requestedCapacity), null);
    }

    /**
     * Creates an empty queue that tells {@code listener} when its size crosses {@code threshold}
     * times its capacity (see {@link ThresholdListener} for when and on which thread).
     *
     * @param requestedCapacity at least this many elements; rounded up to a power of two
     * @param threshold the fill level as a fraction of the capacity, in (0, 1]; e.g. {@code 0.7}
     * @param listener told of each crossing, on the producer thread
     * @throws IllegalArgumentException if the capacity or the threshold is out of range
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    public SpscQueue(int requestedCapacity, double threshold, ThresholdListener listener) {
        super(
                QueueSupport.capacityFor(requestedCapacity),
                new OccupancyThreshold(QueueSupport.capacityFor(requestedCapacity), threshold, listener));
    }

    /** {@inheritDoc} Producer thread only. */
    @Override
    public boolean offer(E element) {
        QueueSupport.requireElement(element);
        final long p = producerIndex;
        if (p - consumerIndexCache > mask) {
            consumerIndexCache = (long) CONSUMER_INDEX.getAcquire(this);
            if (p - consumerIndexCache > mask) {
                return false;
            }
        }
        buffer[slot(p, mask)] = element;
        PRODUCER_INDEX.setRelease(this, p + 1);
        if (threshold != null) {
            checkThreshold(p + 1);
        }
        return true;
    }

    /** Producer side: the exact size is needed only near the threshold or after crossing it. */
    private void checkThreshold(long produced) {
        if (produced - consumerIndexCache >= threshold.level || threshold.isAbove()) {
            consumerIndexCache = (long) CONSUMER_INDEX.getAcquire(this);
            threshold.check((int) (produced - consumerIndexCache));
        }
    }

    /** {@inheritDoc} Consumer thread only. Returns {@code null} if and only if the queue is empty. */
    @Override
    public E poll() {
        final long c = consumerIndex;
        if (c >= producerIndexCache) {
            producerIndexCache = (long) PRODUCER_INDEX.getAcquire(this);
            if (c >= producerIndexCache) {
                return null;
            }
        }
        final int index = slot(c, mask);
        @SuppressWarnings("unchecked")
        final E element = (E) buffer[index];
        buffer[index] = null;
        CONSUMER_INDEX.setRelease(this, c + 1);
        return element;
    }

    /** {@inheritDoc} Consumer thread only. */
    @Override
    public int drain(Consumer<? super E> handler, int limit) {
        QueueSupport.requireLimit(limit);
        Objects.requireNonNull(handler, "handler must not be null");
        final long c = consumerIndex;
        producerIndexCache = (long) PRODUCER_INDEX.getAcquire(this);
        final int count = (int) Math.min(limit, producerIndexCache - c);
        int consumed = 0;
        try {
            while (consumed < count) {
                final int index = slot(c + consumed, mask);
                @SuppressWarnings("unchecked")
                final E element = (E) buffer[index];
                buffer[index] = null;
                consumed++;
                handler.accept(element);
            }
        } finally {
            if (consumed > 0) {
                CONSUMER_INDEX.setRelease(this, c + consumed);
            }
        }
        return consumed;
    }

    /** {@inheritDoc} Any thread. */
    @Override
    public int size() {
        return QueueSupport.size(CONSUMER_INDEX, PRODUCER_INDEX, this, mask + 1);
    }
}
