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
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

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
