package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.ELEMENT;
import static mechsym.core.concurrent.QueueSupport.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Written by the producer thread only. */
abstract class SpscQueueProducerFields<E> extends BoundedQueueBase<E> {
    /** The next sequence to offer into; released after the element is stored (read by size()). */
    long producerIndex;
    /**
     * Offers below this sequence take the short path: their slots are known to be free, and with a
     * threshold their size estimate is below its level. Plain, producer thread only.
     */
    long producerLimit;
    /** For the threshold check only: the last consumerIndex read; plain, producer thread only. */
    long consumerIndexCache;
    /**
     * The first sequence whose offer must check the threshold ({@link Long#MAX_VALUE} without one):
     * {@link #producerLimit} never exceeds it. Plain, producer thread only.
     */
    long thresholdLimit;

    SpscQueueProducerFields(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

abstract class SpscQueuePad3<E> extends SpscQueueProducerFields<E> {
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;

    SpscQueuePad3(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

/**
 * A bounded queue for exactly one producer thread and one consumer thread: {@link #offer} from the
 * producer (and {@link #fill}), {@link #poll} and {@link #drain} from the consumer, {@link #size}, {@link #isEmpty} and
 * {@link #capacity} from any thread. The producer and the consumer may change over time only if a
 * happens-before edge separates the old thread from the new one (a thread start, a join, a lock).
 *
 * <p><b>Happens-before:</b> the element slot itself is the signal. The producer stores the element
 * into its slot with a release write ({@code VarHandle.setRelease}). The consumer reads the slot
 * with a <em>plain</em> array read followed by {@link VarHandle#acquireFence()} (not the array
 * VarHandle's {@code getAcquire}, whose class check on every call slowed the consumer down: see
 * {@code poll}); a non-null slot is a published element. The fence keeps every later load and store
 * of the consumer after that read, which is the ordering an acquire read gives, so everything the
 * producer did before {@code offer} returned {@code true} happens-before everything the consumer
 * does after the {@code poll} that returns the element. (The Java memory model defines
 * happens-before for accesses, not fences; the fence's ordering is the one its Javadoc specifies and
 * HotSpot implements, a compiler barrier on x86 and a load barrier on AArch64, and the jcstress
 * tests in the stress module check the edge.) The consumer frees the slot with a plain store of
 * {@code null} after {@link VarHandle#releaseFence()}, which the producer reads with an acquire
 * read ({@code getAcquire}) before it reuses the slot. There is no compare-and-set and no store-load
 * fence on either side.
 *
 * <p><b>Why slots and not indices:</b> neither thread reads the other's index on the hot path, so
 * the only cache lines the two cores share are the element slots themselves (the FastFlow design,
 * as in JCTools' {@code SpscArrayQueue}). The producer checks a slot a quarter of the capacity
 * ahead (at most 4096): if it is free, so is every slot before it, and the producer need not look
 * again for that many offers. The index-based alternative (each side caching the other's index) is
 * kept in the lab's queues experiment, which measures both.
 *
 * <p><b>Full and empty:</b> {@code offer} returns {@code false} exactly when the queue holds {@link
 * #capacity()} elements (its own slot is still occupied); {@code poll} returns {@code null} exactly
 * when it holds none (its slot is still empty). Padding by class hierarchy (128 bytes) keeps the
 * read-only fields, the consumer's fields and the producer's fields on separate cache lines, and
 * away from the objects before and after the queue; the element array has 128 bytes of unused
 * slots at each end for the same reason.
 * Nothing is allocated after construction.
 *
 * @param <E> the element type
 */
public final class SpscQueue<E> extends SpscQueuePad3<E> implements BoundedQueue<E> {
    private static final VarHandle PRODUCER_INDEX;
    private static final int MAX_LOOK_AHEAD = 4096;

    static {
        try {
            PRODUCER_INDEX =
                    MethodHandles.lookup().findVarHandle(SpscQueueProducerFields.class, "producerIndex", long.class);
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
        super(requestedCapacity, Double.NaN, null);
        thresholdLimit = Long.MAX_VALUE;
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
        super(requestedCapacity, threshold, QueueSupport.requireListener(listener));
        thresholdLimit = this.threshold.level - 1L;
    }

    /**
     * {@inheritDoc} Producer thread only. Below {@link #producerLimit} an offer is two release writes
     * and nothing else: the threshold, when there is one, is folded into that limit (the limit stops
     * where the size estimate could reach the level), so a queue without a listener never tests for
     * one, and a queue with one tests it only near or above its level.
     */
    @Override
    public boolean offer(E element) {
        QueueSupport.requireElement(element);
        final long p = producerIndex;
        if (p >= producerLimit) {
            return offerAtLimit(element, p);
        }
        ELEMENT.setRelease(buffer, slot(p, mask), element);
        PRODUCER_INDEX.setRelease(this, p + 1);
        return true;
    }

    /** The offer past the limit: look for room, and check the threshold after the element is in. */
    private boolean offerAtLimit(E element, long p) {
        final Object[] buffer = this.buffer;
        if (!hasRoom(buffer, p)) {
            return false;
        }
        ELEMENT.setRelease(buffer, slot(p, mask), element);
        PRODUCER_INDEX.setRelease(this, p + 1);
        if (threshold != null) {
            checkThresholdAt(p + 1);
        }
        return true;
    }

    /**
     * Reports a crossing after {@code produced} elements, then moves {@link #thresholdLimit}: while
     * above the level every offer checks (only the exact size tells when it falls below); below it,
     * the next offer to check is the first whose estimate against the cached consumer index reaches
     * the level.
     */
    private void checkThresholdAt(long produced) {
        consumerIndexCache = checkThreshold(produced, consumerIndexCache);
        thresholdLimit = threshold.isAbove() ? produced : consumerIndexCache + threshold.level - 1;
        producerLimit = Math.min(producerLimit, thresholdLimit);
    }

    /**
     * {@inheritDoc} Producer thread only. Each element is stored with a release write into a slot
     * the look-ahead found free (the slot is the consumer's signal, so the consumer may take the
     * first elements while later ones are still being supplied); the producer's index, which only
     * {@link #size()} reads, is written once for the batch.
     */
    @Override
    public int fill(Supplier<? extends E> supplier, int limit) {
        QueueSupport.requireLimit(limit);
        Objects.requireNonNull(supplier, "supplier must not be null");
        final Object[] buffer = this.buffer;
        final long p = producerIndex;
        int filled = 0;
        try {
            while (filled < limit) {
                final long sequence = p + filled;
                if (sequence >= producerLimit && !hasRoom(buffer, sequence)) {
                    break;
                }
                final E element = supplier.get();
                Objects.requireNonNull(element, "supplier returned null");
                ELEMENT.setRelease(buffer, slot(sequence, mask), element);
                filled++;
            }
        } finally {
            if (filled > 0) {
                PRODUCER_INDEX.setRelease(this, p + filled);
                if (threshold != null) {
                    checkThresholdAt(p + filled);
                }
            }
        }
        return filled;
    }

    /** {@inheritDoc} Consumer thread only; {@code null} exactly when the queue is empty. */
    @Override
    public E poll() {
        return poll(false);
    }

    /** {@inheritDoc} Consumer thread only. */
    @Override
    public int drain(Consumer<? super E> handler, int limit) {
        return drain(handler, limit, false);
    }

    /**
     * Looks a quarter of the capacity ahead (at most {@value #MAX_LOOK_AHEAD} slots, computed here
     * rather than stored: a field after the last padding could share a line with the next object),
     * else at the producer's own slot; moves the limit, never past {@link #thresholdLimit}.
     */
    private boolean hasRoom(Object[] buffer, long p) {
        final int lookAhead = Math.max(1, Math.min((mask + 1) >>> 2, MAX_LOOK_AHEAD));
        if (ELEMENT.getAcquire(buffer, slot(p + lookAhead, mask)) == null) {
            // that slot is free, so is every slot before it
            producerLimit = Math.min(p + lookAhead, thresholdLimit);
            return true;
        }
        return ELEMENT.getAcquire(buffer, slot(p, mask)) == null;
    }

    @Override
    long producerIndexAcquire() {
        return (long) PRODUCER_INDEX.getAcquire(this);
    }
}
