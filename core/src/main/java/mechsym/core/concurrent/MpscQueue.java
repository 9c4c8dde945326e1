package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.ELEMENT;
import static mechsym.core.concurrent.QueueSupport.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Contended by the producers: the claim counter. */
abstract class MpscQueueProducerIndex<E> extends BoundedQueueBase<E> {
    /** The next sequence to claim; advanced by compare-and-set. */
    long producerIndex;

    MpscQueueProducerIndex(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

abstract class MpscQueuePad2<E> extends MpscQueueProducerIndex<E> {
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;

    MpscQueuePad2(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

/** Read by every producer, written rarely: the first sequence producers may not claim yet. */
abstract class MpscQueueProducerLimit<E> extends MpscQueuePad2<E> {
    /** consumerIndex + capacity as some producer last saw it; never ahead of the truth. */
    long producerLimit;

    MpscQueueProducerLimit(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
        this.producerLimit = mask + 1;
    }
}

abstract class MpscQueuePad3<E> extends MpscQueueProducerLimit<E> {
    byte s000, s001, s002, s003, s004, s005, s006, s007, s008, s009, s010, s011, s012, s013, s014, s015;
    byte s016, s017, s018, s019, s020, s021, s022, s023, s024, s025, s026, s027, s028, s029, s030, s031;
    byte s032, s033, s034, s035, s036, s037, s038, s039, s040, s041, s042, s043, s044, s045, s046, s047;
    byte s048, s049, s050, s051, s052, s053, s054, s055, s056, s057, s058, s059, s060, s061, s062, s063;
    byte s064, s065, s066, s067, s068, s069, s070, s071, s072, s073, s074, s075, s076, s077, s078, s079;
    byte s080, s081, s082, s083, s084, s085, s086, s087, s088, s089, s090, s091, s092, s093, s094, s095;
    byte s096, s097, s098, s099, s100, s101, s102, s103, s104, s105, s106, s107, s108, s109, s110, s111;
    byte s112, s113, s114, s115, s116, s117, s118, s119, s120, s121, s122, s123, s124, s125, s126, s127;

    MpscQueuePad3(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
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
 * with a plain read followed by {@link java.lang.invoke.VarHandle#acquireFence()} (not an acquire
 * read: the fence orders every later access after the read; see {@link SpscQueue} for why and what that rests on). So everything a producer did before its {@code offer} returned {@code true}
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
 * <p>Padding by class hierarchy (128 bytes) keeps the read-only fields, the consumer's index, the
 * contended claim counter and the cached limit on separate cache lines, and away from the objects
 * before and after the queue. Nothing is allocated after construction.
 *
 * @param <E> the element type
 */
public final class MpscQueue<E> extends MpscQueuePad3<E> implements BoundedQueue<E> {
    private static final VarHandle PRODUCER_INDEX;
    private static final VarHandle PRODUCER_LIMIT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCER_INDEX = lookup.findVarHandle(MpscQueueProducerIndex.class, "producerIndex", long.class);
            PRODUCER_LIMIT = lookup.findVarHandle(MpscQueueProducerLimit.class, "producerLimit", long.class);
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
        super(requestedCapacity, Double.NaN, null);
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
        super(requestedCapacity, threshold, QueueSupport.requireListener(listener));
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
            // limit - capacity is a consumer index some producer saw: a lower bound of the true one
            checkThreshold(p + 1, limit - mask - 1);
        }
        return true;
    }

    /**
     * {@inheritDoc} Any thread. One compare-and-set claims {@code min(limit, free slots)} slots;
     * the supplier is then called once per claimed slot and each element stored with a release
     * write, so the consumer may take the first while later ones are still being supplied. If the
     * supplier throws or returns {@code null}, the slots claimed and not yet filled are marked
     * abandoned, and the consumer frees them without returning anything: the queue keeps working,
     * and {@link #size()} counts them until the consumer passes them.
     */
    @Override
    public int fill(Supplier<? extends E> supplier, int limit) {
        QueueSupport.requireLimit(limit);
        Objects.requireNonNull(supplier, "supplier must not be null");
        if (limit == 0) {
            return 0;
        }
        final int capacity = mask + 1;
        long consumerLimit = (long) PRODUCER_LIMIT.getAcquire(this);
        long p;
        int claimed;
        do {
            p = (long) PRODUCER_INDEX.getVolatile(this);
            if (consumerLimit - p < limit) { // the cached limit may be stale: the batch may fit yet
                consumerLimit = (long) CONSUMER_INDEX.getAcquire(this) + capacity;
                if (p >= consumerLimit) {
                    return 0;
                }
                PRODUCER_LIMIT.setRelease(this, consumerLimit); // racy but safe, as in offer
            }
            claimed = (int) Math.min(limit, consumerLimit - p);
        } while (!PRODUCER_INDEX.compareAndSet(this, p, p + claimed));
        final Object[] buffer = this.buffer;
        int filled = 0;
        try {
            for (; filled < claimed; filled++) {
                final E element = supplier.get();
                Objects.requireNonNull(element, "supplier returned null");
                ELEMENT.setRelease(buffer, slot(p + filled, mask), element);
            }
        } finally {
            for (int abandoned = filled; abandoned < claimed; abandoned++) {
                ELEMENT.setRelease(buffer, slot(p + abandoned, mask), ABANDONED);
            }
        }
        if (threshold != null) {
            checkThreshold(p + claimed, consumerLimit - capacity);
        }
        return claimed;
    }

    /**
     * {@inheritDoc} Consumer thread only; {@code null} also for a claimed slot whose element is
     * not stored yet (see the class comment).
     */
    @Override
    public E poll() {
        return poll(true);
    }

    /** {@inheritDoc} Consumer thread only; stops at a claimed slot whose element is not stored yet. */
    @Override
    public int drain(Consumer<? super E> handler, int limit) {
        return drain(handler, limit, true);
    }

    /** {@inheritDoc} Any thread; counts claimed elements whose store is still in progress. */
    @Override
    long producerIndexAcquire() {
        return (long) PRODUCER_INDEX.getAcquire(this);
    }
}
