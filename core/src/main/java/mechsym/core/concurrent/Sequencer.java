package mechsym.core.concurrent;

import java.util.Arrays;
import java.util.Objects;

/**
 * Claims and publishes sequences of a ring buffer and keeps producers behind the slowest gating
 * consumer. The cursor is the highest published sequence for one producer and the highest claimed
 * sequence for many (whose publication is then tracked per slot).
 */
abstract class Sequencer {
    final int bufferSize;
    final WaitStrategy waitStrategy;
    final Sequence cursor = new Sequence();
    /** The fill-level alert, or {@code null}: checked by the producer after each publish. */
    final OccupancyThreshold threshold;

    /** Copy-on-write; read with a volatile read by producers when their cached minimum is stale. */
    private volatile Sequence[] gatingSequences = new Sequence[0];

    Sequencer(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        this.bufferSize = bufferSize;
        this.waitStrategy = Objects.requireNonNull(waitStrategy, "waitStrategy must not be null");
        this.threshold = threshold;
    }

    /** Claims the next {@code n} sequences, waiting while the ring is full; returns the highest. */
    abstract long next(int n);

    /** Claims the next {@code n} sequences if there is room now; returns the highest, or -1. */
    abstract long tryNext(int n);

    /** Makes {@code lo..hi} visible to consumers and wakes blocked ones. */
    abstract void publish(long lo, long hi);

    /**
     * Whether {@code sequence} has been published (single producer: at most the cursor and within
     * one buffer of it; many: its slot's availability flag holds its lap). Says nothing of whether
     * a producer is already overwriting the event for a later lap: see {@link
     * RingBuffer#isPublished}.
     */
    abstract boolean isPublished(long sequence);

    /**
     * The highest sequence in {@code [lowerBound, available]} such that every sequence from {@code
     * lowerBound} up to it is published; {@code lowerBound - 1} if {@code lowerBound} is not.
     */
    abstract long highestPublished(long lowerBound, long available);

    /** Sequences claimed so far minus those every gating consumer finished; any thread, a snapshot. */
    final long used() {
        long produced = cursor.getAcquire();
        return produced - minimum(gatingSequences(), produced);
    }

    /**
     * Producer side, after a publish, with a threshold: reports a crossing of it. {@code produced}
     * is the cursor as the producer knows it; {@code gatingLowerBound} is at most the slowest
     * gating sequence (a cached, possibly stale value), so {@code produced - gatingLowerBound}
     * over-estimates the occupancy and the gating sequences are read only near or above the level.
     *
     * @return the slowest gating sequence if they were read, else {@code gatingLowerBound}
     */
    final long checkThreshold(long produced, long gatingLowerBound) {
        if (!threshold.mayHaveCrossed(produced - gatingLowerBound)) {
            return gatingLowerBound;
        }
        long slowest = minimum(gatingSequences(), produced);
        threshold.check(produced - slowest);
        return slowest;
    }

    final Sequence[] gatingSequences() {
        return gatingSequences;
    }

    /**
     * Adds {@code sequences} and sets each to the cursor twice: before the new array is published,
     * so that no producer reading it finds a sequence far behind; and again after, because a
     * producer that still read the old array could claim past the first value plus the buffer size
     * in between, and a consumer starting from that value would then read lapped events. The value
     * read after the publication is at least every gating sequence a producer could still be
     * using, so no claim made on the old array reaches a lap past it (the Disruptor's {@code
     * SequenceGroups.addSequences} does the same). This is a store-load handshake with the producer:
     * here the array's volatile write, then the cursor's volatile read; in a producer, its publish,
     * a full fence, then its read of the array (see {@code SingleProducerSequencer.hasCapacity}; a
     * multi-producer claim is an atomic add or compare-and-set, a full fence already).
     */
    final synchronized void addGatingSequences(Sequence... sequences) {
        for (Sequence sequence : sequences) {
            Objects.requireNonNull(sequence, "gating sequence must not be null");
        }
        Sequence[] updated = Arrays.copyOf(gatingSequences, gatingSequences.length + sequences.length);
        long current = cursor.getVolatile();
        for (int i = 0; i < sequences.length; i++) {
            sequences[i].setVolatile(current);
            updated[gatingSequences.length + i] = sequences[i];
        }
        gatingSequences = updated;
        current = cursor.getVolatile();
        for (Sequence sequence : sequences) {
            sequence.setVolatile(current);
        }
    }

    final synchronized boolean removeGatingSequence(Sequence sequence) {
        Sequence[] current = gatingSequences;
        for (int i = 0; i < current.length; i++) {
            if (current[i] == sequence) {
                Sequence[] updated = new Sequence[current.length - 1];
                System.arraycopy(current, 0, updated, 0, i);
                System.arraycopy(current, i + 1, updated, i, current.length - i - 1);
                gatingSequences = updated;
                return true;
            }
        }
        return false;
    }

    final void requireBatch(int n) {
        if (n < 1 || n > bufferSize) {
            throw new IllegalArgumentException("n must be between 1 and the buffer size " + bufferSize + ", was " + n);
        }
    }

    /** The smallest of {@code sequences} (acquire reads), or {@code minimum} if it is smaller or none. */
    static long minimum(Sequence[] sequences, long minimum) {
        long result = minimum;
        for (Sequence sequence : sequences) {
            result = Math.min(result, sequence.getAcquire());
        }
        return result;
    }
}
