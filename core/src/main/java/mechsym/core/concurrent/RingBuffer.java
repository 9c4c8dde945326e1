package mechsym.core.concurrent;

import static mechsym.core.concurrent.QueueSupport.slot;

import java.util.Objects;
import java.util.function.Supplier;

abstract class RingBufferPad1 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
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
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

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
                factory, new SingleProducerSequencer(QueueSupport.capacityFor(requestedSize), waitStrategy));
    }

    /**
     * Creates a ring buffer for any number of producer threads (claims are an atomic add; each
     * sequence is published on its own).
     *
     * @param factory called {@code bufferSize} times, now, to pre-allocate the events
     * @param requestedSize at least this many events; rounded up to a power of two
     * @param waitStrategy how consumers wait
     * @throws IllegalArgumentException if {@code requestedSize} is below 1 or above 2^30
     */
    public static <E> RingBuffer<E> createMultiProducer(
            Supplier<? extends E> factory, int requestedSize, WaitStrategy waitStrategy) {
        return new RingBuffer<>(
                factory, new MultiProducerSequencer(QueueSupport.capacityFor(requestedSize), waitStrategy));
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

    /** Publishes a claimed sequence to consumers (release write) and wakes blocked consumers. */
    public void publish(long sequence) {
        sequencer.publish(sequence, sequence);
    }

    /** Publishes the claimed sequences {@code lo..hi} (a batch from {@link #next(int)}). */
    public void publish(long lo, long hi) {
        sequencer.publish(lo, hi);
    }

    /**
     * Whether {@code sequence} is published and its event not yet overwritten by a later lap. Any
     * thread (acquire read): when {@code true}, the producer's writes to the event are visible.
     */
    public boolean isPublished(long sequence) {
        return sequencer.isPublished(sequence);
    }

    /**
     * A barrier for a consumer that must stay behind {@code dependents} (none: behind the producer
     * only). Each consumer thread needs its own barrier, since alerting one stops its every user.
     */
    public SequenceBarrier newBarrier(Sequence... dependents) {
        for (Sequence dependent : dependents) {
            Objects.requireNonNull(dependent, "dependent sequence must not be null");
        }
        return new SequenceBarrier(sequencer, dependents);
    }

    /**
     * Makes the producer stay behind {@code sequences} (the last consumers of each branch). Each is
     * first set to the current cursor, so add consumers before they start. Any thread.
     */
    public void addGatingSequences(Sequence... sequences) {
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
