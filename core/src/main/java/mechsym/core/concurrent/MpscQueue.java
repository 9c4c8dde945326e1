package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.ELEMENT;
import static mechsym.core.concurrent.QueueSupport.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;

/** Contended by the producers: the claim counter. */
abstract class MpscQueueProducerIndex<E> extends BoundedQueueBase<E> {
    /** The next sequence to claim; advanced by compare-and-set. */
    long producerIndex;

    MpscQueueProducerIndex(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

abstract class MpscQueuePad2<E> extends MpscQueueProducerIndex<E> {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    MpscQueuePad2(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

/** Read by every producer, written rarely: the first sequence producers may not claim yet. */
abstract class MpscQueueProducerLimit<E> extends MpscQueuePad2<E> {
    /** consumerIndex + capacity as some producer last saw it; never ahead of the truth. */
    long producerLimit;

    MpscQueueProducerLimit(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
        this.producerLimit = capacity;
    }
}

abstract class MpscQueuePad3<E> extends MpscQueueProducerLimit<E> {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    MpscQueuePad3(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

/** Written by the consumer thread only. */
abstract class MpscQueueConsumerFields<E> extends MpscQueuePad3<E> {
    /** The next sequence to poll from; released after the slot is cleared. */
    long consumerIndex;

    MpscQueueConsumerFields(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

abstract class MpscQueuePad4<E> extends MpscQueueConsumerFields<E> {
    long s00, s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15;

    MpscQueuePad4(int capacity, OccupancyThreshold threshold) {
        super(capacity, threshold);
    }
}

/**
 * A bounded queue for any number of producer threads and exactly one consumer thread: {@link
 * #offer} from any thread, {@link #poll} and {@link #drain} from the consumer, {@link #size},
 * {@link #isEmpty} and {@link #capacity} from any thread. The consumer may change over time only if
 * a happens-before edge separates the old consumer thread from the new one.
 *
 * <p><b>Happens-before:</b> a producer claims a slot by compare-and-set on the shared producer
 * index, then stores the element into the slot with a release write; the consumer reads the slot
 * with an acquire read. So everything a producer did before its {@code offer} returned {@code true}
 * happens-before everything the consumer does after the {@code poll} that returns the element. The
 * consumer clears a slot and then advances its index with a release write, which producers acquire
 * before they reuse the slot.
 *
 * <p><b>Full:</b> {@code offer} returns {@code false} when, at the moment it tried to claim, the
 * queue held {@link #capacity()} claimed elements; it never waits. Under contention the claim is
 * retried (a compare-and-set loop), so one producer can be delayed by others but the queue as a
 * whole always makes progress (lock-free, not wait-free).
 *
 * <p><b>Empty, and the one exception to "null means empty":</b> between a producer's claim and its
 * store there is an instant when the slot is claimed but still empty. A {@code poll} that reaches
 * that slot returns {@code null} although {@link #size()} counts the element (like Agrona's
 * many-to-one queue; JCTools' {@code poll} spins instead). The element is not lost: it is returned
 * by a later {@code poll} once its producer finishes. If the producer thread was descheduled
 * between claim and store, the consumer sees no newer element until it resumes. {@code drain} stops
 * at such a slot in the same way.
 *
 * <p>Padding by class hierarchy (128 bytes) keeps the contended claim counter, the cached limit,
 * the consumer's index and the read-only fields on separate cache lines. Nothing is allocated after
 * construction.
 *
 * @param <E> the element type
 */
public final class MpscQueue<E> extends MpscQueuePad4<E> implements BoundedQueue<E> {
    private static final VarHandle PRODUCER_INDEX;
    private static final VarHandle PRODUCER_LIMIT;
    private static final VarHandle CONSUMER_INDEX;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_INDEX = lookup.findVarHandle(MpscQueueProducerIndex.class, "producerIndex", long.class);
            PRODUCER_LIMIT = lookup.findVarHandle(MpscQueueProducerLimit.class, "producerLimit", long.class);
            CONSUMER_INDEX = lookup.findVarHandle(MpscQueueConsumerFields.class, "consumerIndex", long.class);
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
    public MpscQueue(int requestedCapacity) {
        super(QueueSupport.capacityFor(requestedCapacity), null);
    }

    /**
     * Creates an empty queue that tells {@code listener} when its size crosses {@code threshold}
     * times its capacity (see {@link ThresholdListener} for when and on which thread).
     *
     * @param requestedCapacity at least this many elements; rounded up to a power of two
     * @param threshold the fill level as a fraction of the capacity, in (0, 1]; e.g. {@code 0.7}
     * @param listener told of each crossing, on a producer thread
     * @throws IllegalArgumentException if the capacity or the threshold is out of range
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    public MpscQueue(int requestedCapacity, double threshold, ThresholdListener listener) {
        super(
                QueueSupport.capacityFor(requestedCapacity),
                new OccupancyThreshold(QueueSupport.capacityFor(requestedCapacity), threshold, listener));
    }

    /** {@inheritDoc} Any thread. */
    @Override
    public boolean offer(E element) {
        QueueSupport.requireElement(element);
        long limit = (long) PRODUCER_LIMIT.getAcquire(this);
        long p;
        do {
            p = (long) PRODUCER_INDEX.getVolatile(this);
            if (p >= limit) {
                limit = (long) CONSUMER_INDEX.getAcquire(this) + mask + 1;
                if (p >= limit) {
                    return false;
                }
                // Racy but safe: a stale, lower limit written by another producer only costs a re-read.
                PRODUCER_LIMIT.setRelease(this, limit);
            }
        } while (!PRODUCER_INDEX.compareAndSet(this, p, p + 1));
        ELEMENT.setRelease(buffer, slot(p, mask), element);
        if (threshold != null) {
            checkThreshold(p + 1, limit);
        }
        return true;
    }

    /** Producer side: the exact size is needed only near the threshold or after crossing it. */
    private void checkThreshold(long produced, long limit) {
        // limit - capacity is a consumer index some producer saw: a lower bound, so this over-estimates.
        if (produced - (limit - mask - 1) >= threshold.level || threshold.isAbove()) {
            long consumed = (long) CONSUMER_INDEX.getAcquire(this);
            threshold.check((int) Math.max(0, Math.min(mask + 1, produced - consumed)));
        }
    }

    /**
     * {@inheritDoc} Consumer thread only. Returns {@code null} when the queue is empty, and also
     * when the next element is claimed but not yet stored (see the class comment).
     */
    @Override
    public E poll() {
        final long c = consumerIndex;
        final int index = slot(c, mask);
        @SuppressWarnings("unchecked")
        final E element = (E) ELEMENT.getAcquire(buffer, index);
        if (element == null) {
            return null;
        }
        buffer[index] = null;
        CONSUMER_INDEX.setRelease(this, c + 1);
        return element;
    }

    /** {@inheritDoc} Consumer thread only. Stops early at a claimed slot not yet stored. */
    @Override
    public int drain(Consumer<? super E> handler, int limit) {
        QueueSupport.requireLimit(limit);
        Objects.requireNonNull(handler, "handler must not be null");
        final long c = consumerIndex;
        int consumed = 0;
        try {
            while (consumed < limit) {
                final int index = slot(c + consumed, mask);
                @SuppressWarnings("unchecked")
                final E element = (E) ELEMENT.getAcquire(buffer, index);
                if (element == null) {
                    break;
                }
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

    /** {@inheritDoc} Any thread; counts claimed elements whose store is still in progress. */
    @Override
    public int size() {
        return QueueSupport.size(CONSUMER_INDEX, PRODUCER_INDEX, this, mask + 1);
    }
}
