package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * 128 bytes before the read-only fields: every offer and poll reads them, so they must not share a
 * cache line with the tail of whatever object the heap put just before the queue (JCTools pads
 * there too).
 */
abstract class BoundedQueuePad0 {
    byte o000, o001, o002, o003, o004, o005, o006, o007, o008, o009, o010, o011, o012, o013, o014, o015;
    byte o016, o017, o018, o019, o020, o021, o022, o023, o024, o025, o026, o027, o028, o029, o030, o031;
    byte o032, o033, o034, o035, o036, o037, o038, o039, o040, o041, o042, o043, o044, o045, o046, o047;
    byte o048, o049, o050, o051, o052, o053, o054, o055, o056, o057, o058, o059, o060, o061, o062, o063;
    byte o064, o065, o066, o067, o068, o069, o070, o071, o072, o073, o074, o075, o076, o077, o078, o079;
    byte o080, o081, o082, o083, o084, o085, o086, o087, o088, o089, o090, o091, o092, o093, o094, o095;
    byte o096, o097, o098, o099, o100, o101, o102, o103, o104, o105, o106, o107, o108, o109, o110, o111;
    byte o112, o113, o114, o115, o116, o117, o118, o119, o120, o121, o122, o123, o124, o125, o126, o127;
}

/** Fields every thread of a bounded queue reads and nobody writes after construction. */
abstract class BoundedQueueColdFields<E> extends BoundedQueuePad0 {
    final Object[] buffer;
    final int mask;
    /** The fill-level alert, or {@code null}. */
    final OccupancyThreshold threshold;

    BoundedQueueColdFields(int requestedCapacity, double fraction, ThresholdListener listener) {
        int capacity = QueueSupport.capacityFor(requestedCapacity);
        this.buffer = QueueSupport.newPaddedArray(capacity);
        this.mask = capacity - 1;
        this.threshold = listener == null ? null : new OccupancyThreshold(capacity, fraction, listener);
    }
}

abstract class BoundedQueuePad1<E> extends BoundedQueueColdFields<E> {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

    BoundedQueuePad1(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

/** Written by the consumer thread only. */
abstract class BoundedQueueConsumerFields<E> extends BoundedQueuePad1<E> {
    /** The next sequence to poll from; released after the slot is cleared (read by producers and size()). */
    long consumerIndex;

    BoundedQueueConsumerFields(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }
}

/**
 * What the bounded queues share: 128 bytes of padding, the read-only fields, 128 bytes of padding,
 * the consumer's index,
 * 128 more bytes of padding, and the consumer side, which is the same for one producer and for
 * many (the element slot is the consumer's signal). The queues add their producer fields, and the
 * padding after them, in subclasses: padding by class hierarchy, because the JVM may reorder the
 * fields of one class but lays out a superclass's fields before a subclass's.
 */
abstract class BoundedQueueBase<E> extends BoundedQueueConsumerFields<E> {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    static final VarHandle CONSUMER_INDEX;

    static {
        try {
            CONSUMER_INDEX =
                    MethodHandles.lookup().findVarHandle(BoundedQueueConsumerFields.class, "consumerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * @param listener {@code null} for a queue without a threshold (then {@code fraction} is unused)
     */
    BoundedQueueBase(int requestedCapacity, double fraction, ThresholdListener listener) {
        super(requestedCapacity, fraction, listener);
    }

    /**
     * Stored by {@link MpscQueue#fill} into the slots it claimed but could not fill because its
     * supplier threw or returned {@code null}: the consumer frees such a slot and moves on, so a
     * failed supplier cannot leave a claimed slot empty for ever (which would stop the consumer).
     */
    static final Object ABANDONED = new Object();

    /**
     * See {@link BoundedQueue#poll()}. Consumer thread only; for when {@code null} does not mean
     * empty, see the class comment. The slot is read with a plain read and an acquire fence (a
     * non-null slot is a published element), then cleared with a release fence and a plain store,
     * and the index advanced with a release write, so a producer that sees either sees the slot
     * free. {@code mayHoldAbandoned} is a constant at each caller ({@code false} for one producer,
     * whose queue never holds {@link #ABANDONED}), so the JIT drops the check where it cannot be
     * true.
     */
    final E poll(boolean mayHoldAbandoned) {
        final Object[] buffer = this.buffer;
        long c = consumerIndex;
        while (true) {
            final int index = slot(c, mask);
            // A plain array read and an acquire fence, not an acquire read: the array VarHandle's getAcquire
            // also checks the array's class on every call, and that one load and compare is enough to make
            // the consumer the slower side of a two-thread run, where the queue then runs full with the
            // producer writing into the lines just freed, at half the throughput (docs/queues.md).
            final Object element = buffer[index];
            VarHandle.acquireFence();
            if (element == null) {
                return null;
            }
            // Frees the slot: a release fence, then a plain store of null, which a single producer reads
            // with getAcquire before it reuses the slot. A fence and a plain store, not a release write,
            // because the array VarHandle's reference store checks the array's class on every call (a null
            // store needs no type check; its bounds check is the read's, which the JIT reuses). Written
            // here, not in a helper: a helper of 8 bytecodes stayed an out-of-line call in C2's code of the
            // queues benchmark's consumer loop ("low call site frequency"; seen with `mechsym asm`).
            VarHandle.releaseFence();
            buffer[index] = null;
            CONSUMER_INDEX.setRelease(this, ++c);
            if (!mayHoldAbandoned || element != ABANDONED) {
                @SuppressWarnings("unchecked")
                final E taken = (E) element;
                return taken;
            }
        }
    }

    /**
     * See {@link BoundedQueue#drain(Consumer, int)}. Consumer thread only. Frees each slot as it
     * goes (so a single producer can refill it at once) and advances the index once per batch;
     * {@code mayHoldAbandoned} as in {@link #poll(boolean)} (abandoned slots are freed and not
     * counted).
     */
    final int drain(Consumer<? super E> handler, int limit, boolean mayHoldAbandoned) {
        QueueSupport.requireLimit(limit);
        Objects.requireNonNull(handler, "handler must not be null");
        final Object[] buffer = this.buffer;
        final long c = consumerIndex;
        int freed = 0;
        int consumed = 0;
        try {
            while (consumed < limit) {
                final int index = slot(c + freed, mask);
                final Object element = buffer[index];
                VarHandle.acquireFence(); // a plain read and an acquire fence, as in poll (see there)
                if (element == null) {
                    break;
                }
                VarHandle.releaseFence(); // frees the slot as poll does (see there), inline for the same reason
                buffer[index] = null;
                freed++;
                if (!mayHoldAbandoned || element != ABANDONED) {
                    consumed++;
                    @SuppressWarnings("unchecked")
                    final E taken = (E) element;
                    handler.accept(taken);
                }
            }
        } finally {
            if (freed > 0) {
                CONSUMER_INDEX.setRelease(this, c + freed);
            }
        }
        return consumed;
    }

    /**
     * Producer side, after a successful offer, with a threshold: reports a crossing of it. {@code
     * consumedLowerBound} is at most the consumer's index (a cached, possibly stale value), so
     * {@code produced - consumedLowerBound} over-estimates the size and the consumer's index is read
     * only near or above the level.
     *
     * @return the consumer's index if it was read, else {@code consumedLowerBound}
     */
    final long checkThreshold(long produced, long consumedLowerBound) {
        if (!threshold.mayHaveCrossed(produced - consumedLowerBound)) {
            return consumedLowerBound;
        }
        long consumed = (long) CONSUMER_INDEX.getAcquire(this);
        threshold.check(produced - consumed);
        return consumed;
    }

    /** The producers' index (acquire read): the next sequence to offer into or to claim. */
    abstract long producerIndexAcquire();

    /**
     * See {@link BoundedQueue#size()}. Any thread. A consistent snapshot: retries until the
     * consumer's index is the same before and after reading the producers' index, then clamps to
     * {@code [0, capacity]}.
     */
    public final int size() {
        long after = (long) CONSUMER_INDEX.getAcquire(this);
        while (true) {
            long before = after;
            long produced = producerIndexAcquire();
            after = (long) CONSUMER_INDEX.getAcquire(this);
            if (before == after) {
                return (int) Math.max(0, Math.min(capacity(), produced - after));
            }
        }
    }

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
