package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.slot;

import java.util.Objects;
import java.util.function.Supplier;

abstract class RingBufferPad1 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/** Read by every thread, written by none after construction. */
abstract class RingBufferFields<E> extends RingBufferPad1 {
    final Object[] entries;
    final int mask;
    final Sequencer sequencer;

    RingBufferFields(Supplier<? extends E> factory, Sequencer sequencer) {
        Objects.requireNonNull(factory, "factory must not be null");
        this.sequencer = sequencer;
        this.mask = sequencer.bufferSize - 1;
        this.entries = QueueSupport.newPaddedArray(sequencer.bufferSize);
        for (int i = 0; i < sequencer.bufferSize; i++) {
            entries[slot(i, mask)] = Objects.requireNonNull(factory.get(), "factory returned null");
        }
    }
}

/**
 * A ring of pre-allocated events that producers fill in place and consumers read in batches, in
 * the LMAX Disruptor's style: no allocation per event, no lock on the hot path. Create one with
 * {@link #createSingleProducer} (one producer thread) or {@link #createMultiProducer} (any number).
 *
 * <p><b>Producing</b> (the claim / try / finally publish pattern: a claimed sequence must always be
 * published, or every consumer stops at it):
 *
 * <pre>{@code
 * long sequence = ring.next();          // waits while the ring is full; tryNext() returns -1 instead
 * try {
 *     Trade event = ring.get(sequence); // the pre-allocated event: overwrite all its fields
 *     event.price = price;
 * } finally {
 *     ring.publish(sequence);
 * }
 * }</pre>
 *
 * <p><b>Consuming</b>, with one {@link BatchEventProcessor} per consumer thread:
 *
 * <pre>{@code
 * // pipeline: journal, then business logic
 * var journal  = new BatchEventProcessor<>(ring, journalHandler);
 * var business = new BatchEventProcessor<>(ring, businessHandler, journal.getSequence());
 * ring.addGatingSequences(business.getSequence()); // only the last stage gates the producer
 *
 * // fan-out: both see every event, the producer waits for the slower
 * var left  = new BatchEventProcessor<>(ring, leftHandler);
 * var right = new BatchEventProcessor<>(ring, rightHandler);
 * ring.addGatingSequences(left.getSequence(), right.getSequence());
 * }</pre>
 *
 * <p><b>Back pressure:</b> the producer never laps a gating sequence: {@link #next()} waits
 * (parking about 50 microseconds at a time) and {@link #tryNext()} returns {@code -1} while the ring
 * is full. With no gating sequence added, nothing holds the producer back and it overwrites events
 * consumers have not read: add the last consumers' sequences before publishing.
 *
 * <p><b>Occupancy alert:</b> the factories that take a threshold and a {@link ThresholdListener}
 * (e.g. {@code 0.7}) report each time {@link #size()} crosses that fill level, on the producer
 * thread inside {@code publish}; the mechanism and its rules are the bounded queues'.
 *
 * <p><b>Threads and happens-before:</b> {@code next}, {@code tryNext} and {@code publish} are for
 * the producer thread (one, or any number, as created); {@code get} for the thread that claimed the
 * sequence or a consumer that waited for it; everything else for any thread. Everything a producer
 * wrote to an event before {@code publish} happens-before everything a consumer does after its
 * barrier's {@code waitFor} returns that sequence (release write of the cursor or of the slot's
 * availability flag, acquire read in the barrier). A consumer's writes to an event before it
 * advances its sequence happen-before what later pipeline stages, and the producer reusing the
 * slot, do with it.
 *
 * @param <E> the event type
 */
public final class RingBuffer<E> extends RingBufferFields<E> {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    private RingBuffer(Supplier<? extends E> factory, Sequencer sequencer) {
        super(factory, sequencer);
    }

    /**
     * Creates a ring buffer for exactly one producer thread (claims are plain arithmetic; publishing
     * is one release write).
     *
     * @param factory called {@code bufferSize} times, now, to pre-allocate the events
     * @param requestedSize at least this many events; rounded up to a power of two
     * @param waitStrategy how consumers wait
     * @throws IllegalArgumentException if {@code requestedSize} is below 1 or above 2^30
     */
    public static <E> RingBuffer<E> createSingleProducer(
            Supplier<? extends E> factory, int requestedSize, WaitStrategy waitStrategy) {
        return new RingBuffer<>(
                factory, new SingleProducerSequencer(QueueSupport.capacityFor(requestedSize), waitStrategy, null));
    }

    /**
     * Creates a single-producer ring buffer that tells {@code listener} when its occupancy ({@link
     * #size()}) crosses {@code threshold} times its size, on the producer thread inside {@link
     * #publish(long)} (see {@link ThresholdListener} for exactly when).
     *
     * @param factory called {@code bufferSize} times, now, to pre-allocate the events
     * @param requestedSize at least this many events; rounded up to a power of two
     * @param waitStrategy how consumers wait
     * @param threshold the fill level as a fraction of the buffer size, in (0, 1]; e.g. {@code 0.7}
     * @param listener told of each crossing, on the producer thread
     * @throws IllegalArgumentException if the size or the threshold is out of range
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    public static <E> RingBuffer<E> createSingleProducer(
            Supplier<? extends E> factory,
            int requestedSize,
            WaitStrategy waitStrategy,
            double threshold,
            ThresholdListener listener) {
        int size = QueueSupport.capacityFor(requestedSize);
        return new RingBuffer<>(
                factory,
                new SingleProducerSequencer(size, waitStrategy, new OccupancyThreshold(size, threshold, listener)));
    }

    /**
     * Creates a ring buffer for any number of producer threads (claims are an atomic add; each
     * sequence is published on its own). Its cursor counts claims, so a consumer waiting for a
     * sequence that is claimed but not yet published spins, whatever the wait strategy (see {@link
     * WaitStrategy}).
     *
     * @param factory called {@code bufferSize} times, now, to pre-allocate the events
     * @param requestedSize at least this many events; rounded up to a power of two
     * @param waitStrategy how consumers wait
     * @throws IllegalArgumentException if {@code requestedSize} is below 1 or above 2^30
     */
    public static <E> RingBuffer<E> createMultiProducer(
            Supplier<? extends E> factory, int requestedSize, WaitStrategy waitStrategy) {
        return new RingBuffer<>(
                factory, new MultiProducerSequencer(QueueSupport.capacityFor(requestedSize), waitStrategy, null));
    }

    /**
     * Creates a multi-producer ring buffer with an occupancy alert: as {@link
     * #createSingleProducer(Supplier, int, WaitStrategy, double, ThresholdListener)}, except that
     * {@link #size()} counts claimed sequences and the listener runs on whichever producer thread
     * noticed the crossing, possibly two at once (see {@link ThresholdListener}).
     *
     * @throws IllegalArgumentException if the size or the threshold is out of range
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    public static <E> RingBuffer<E> createMultiProducer(
            Supplier<? extends E> factory,
            int requestedSize,
            WaitStrategy waitStrategy,
            double threshold,
            ThresholdListener listener) {
        int size = QueueSupport.capacityFor(requestedSize);
        return new RingBuffer<>(
                factory,
                new MultiProducerSequencer(size, waitStrategy, new OccupancyThreshold(size, threshold, listener)));
    }

    /** The pre-allocated event for {@code sequence} (the slot {@code sequence & (bufferSize - 1)}). */
    @SuppressWarnings("unchecked")
    public E get(long sequence) {
        return (E) entries[slot(sequence, mask)];
    }

    /**
     * Claims the next sequence, waiting while the ring is full. Producer thread(s) only.
     *
     * @return the claimed sequence: fill {@code get(sequence)}, then {@link #publish(long)} it
     */
    public long next() {
        return sequencer.next(1);
    }

    /**
     * Claims the next {@code n} sequences, waiting while the ring lacks room for them. Producer
     * thread(s) only.
     *
     * @return the highest claimed sequence; the batch is {@code hi - n + 1 .. hi}
     * @throws IllegalArgumentException if {@code n} is below 1 or above {@link #bufferSize()}
     */
    public long next(int n) {
        return sequencer.next(n);
    }

    /**
     * Claims the next sequence if the ring has room now. Producer thread(s) only.
     *
     * @return the claimed sequence, or {@code -1} if the ring is full (nothing was claimed)
     */
    public long tryNext() {
        return sequencer.tryNext(1);
    }

    /**
     * Claims the next {@code n} sequences if the ring has room for all of them now. Producer
     * thread(s) only.
     *
     * @return the highest claimed sequence, or {@code -1} if the ring lacks room (nothing claimed)
     * @throws IllegalArgumentException if {@code n} is below 1 or above {@link #bufferSize()}
     */
    public long tryNext(int n) {
        return sequencer.tryNext(n);
    }

    /**
     * Publishes a claimed sequence to consumers (release write) and wakes blocked consumers; then,
     * with a threshold listener, reports a crossing of the fill level on this thread.
     *
     * <p>Precondition, not checked (this is the hot path): {@code sequence} was returned by {@link
     * #next()} or {@link #tryNext()} on this thread and is not yet published. With a single
     * producer, publishing a sequence never claimed moves the cursor past events nobody filled, and
     * consumers read them.
     */
    public void publish(long sequence) {
        sequencer.publish(sequence, sequence);
    }

    /**
     * Publishes the claimed sequences {@code lo..hi} (a batch from {@link #next(int)}), as {@link
     * #publish(long)} does one, with the same unchecked precondition: {@code lo <= hi}, the whole
     * batch claimed by this thread and not yet published.
     */
    public void publish(long lo, long hi) {
        sequencer.publish(lo, hi);
    }

    /**
     * Whether {@code sequence} has been published: with one producer, whether it is at most the
     * cursor and within one buffer of it; with many, whether its slot's availability flag holds
     * {@code sequence}'s lap. Any thread (acquire read): when {@code true}, the producer's writes to
     * the event for {@code sequence} happen-before the caller's next actions. False for a negative
     * sequence (sequences start at 0; the cursor's -1 means "none yet").
     *
     * <p>It does <em>not</em> say the event still holds {@code sequence}'s data: a producer may
     * already have claimed the next lap's sequence for the same slot (once every gating consumer
     * has passed {@code sequence}) and be overwriting it, before its own publish changes this
     * answer. Only a consumer whose sequence gates the producer, and has not yet passed {@code
     * sequence}, may read the event safely after a {@code true}; any other thread needs its own
     * agreement with the producers.
     */
    public boolean isPublished(long sequence) {
        return sequence >= 0 && sequencer.isPublished(sequence);
    }

    /**
     * A barrier for a consumer that must stay behind {@code dependents} (none: behind the producer
     * only). Each consumer thread needs its own barrier, since alerting one stops its every user.
     */
    public SequenceBarrier newBarrier(Sequence... dependents) {
        Objects.requireNonNull(dependents, "dependents must not be null (pass none to follow the producer)");
        for (Sequence dependent : dependents) {
            Objects.requireNonNull(dependent, "dependent sequence must not be null");
        }
        return new SequenceBarrier(sequencer, dependents);
    }

    /**
     * Makes the producer stay behind {@code sequences} (the last consumers of each branch). Each is
     * set to the cursor, so add consumers before they start: a consumer added while producers run
     * starts after the cursor as this call leaves it (see {@link #getCursor()}), and no producer
     * laps it. Any thread.
     */
    public void addGatingSequences(Sequence... sequences) {
        Objects.requireNonNull(sequences, "sequences must not be null");
        sequencer.addGatingSequences(sequences);
    }

    /** Stops gating the producer on {@code sequence}; returns whether it was gating. Any thread. */
    public boolean removeGatingSequence(Sequence sequence) {
        return sequencer.removeGatingSequence(sequence);
    }

    /**
     * The cursor (acquire read): the highest published sequence with one producer; the highest
     * claimed one with many (check {@link #isPublished}). {@code -1} before the first claim.
     */
    public long getCursor() {
        return sequencer.cursor.getAcquire();
    }

    /** The number of events in the ring: the requested size rounded up to a power of two. */
    public int bufferSize() {
        return sequencer.bufferSize;
    }

    /**
     * Events produced (claimed, with many producers) and not yet finished by every gating consumer,
     * between 0 and {@link #bufferSize()}: the ring's occupancy. Any thread; a snapshot.
     */
    public long size() {
        return Math.max(0, Math.min(bufferSize(), sequencer.used()));
    }

    /** {@link #bufferSize()} minus {@link #size()}: how many events could be claimed now. Any thread. */
    public long remainingCapacity() {
        return bufferSize() - size();
    }

    /** Size, capacity and cursor, e.g. {@code RingBuffer[size=3, bufferSize=8, cursor=41]}. */
    @Override
    public String toString() {
        return "RingBuffer[size=" + size() + ", bufferSize=" + bufferSize() + ", cursor=" + getCursor() + "]";
    }
}
