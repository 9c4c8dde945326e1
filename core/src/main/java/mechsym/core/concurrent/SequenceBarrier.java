package mechsym.core.concurrent;

/**
 * Where a consumer waits for events: a ring buffer's cursor plus the sequences of the consumers it
 * must stay behind (none for the first stage; the previous stage's for a pipeline). Obtained from
 * {@link RingBuffer#newBarrier(Sequence...)}; {@link BatchEventProcessor} creates its own.
 *
 * <p>{@link #waitFor} and {@link #tryWaitFor} are for one consumer thread; {@link #alert()} and {@link #isAlerted()} for any
 * thread. <b>Happens-before:</b> when {@code waitFor} returns {@code s}, everything the producers did
 * before publishing sequences up to {@code s}, and everything the depended-on consumers did before
 * releasing their sequences up to {@code s}, happens-before what the caller does next (acquire
 * reads of the cursor, the availability flags and the dependent sequences).
 */
public final class SequenceBarrier {
    private final Sequencer sequencer;
    private final WaitStrategy waitStrategy;
    private final Sequence cursor;
    private final Sequence[] dependents;
    /** The one sequence to wait for when there is one (the cursor, or a single upstream consumer), else null. */
    private final Sequence single;

    private volatile boolean alerted;

    SequenceBarrier(Sequencer sequencer, Sequence[] dependents) {
        this.sequencer = sequencer;
        this.waitStrategy = sequencer.waitStrategy;
        this.cursor = sequencer.cursor;
        this.dependents = dependents.length == 0 ? new Sequence[] {cursor} : dependents.clone();
        this.single = this.dependents.length == 1 ? this.dependents[0] : null;
    }

    /**
     * Waits, with the ring buffer's wait strategy, until {@code sequence} is published and every
     * dependent consumer has finished it. Consumer thread only.
     *
     * <p>With several producers a sequence can be claimed but not yet published while later ones
     * are; the barrier then spins ({@link Thread#onSpinWait()}) until its producer publishes it,
     * whatever the wait strategy.
     *
     * @return the highest sequence available, at least {@code sequence} (a batch); or a value below
     *     {@code sequence} if the barrier was alerted, before the call or while waiting (an alerted
     *     barrier answers at once, even with events available: a halted consumer stops after the
     *     batch in hand, as the Disruptor's does)
     */
    public long waitFor(long sequence) {
        if (alerted) {
            return sequence - 1;
        }
        while (true) {
            long available = waitStrategy.waitFor(sequence, this);
            if (available < sequence) {
                return available;
            }
            long published = sequencer.highestPublished(sequence, available);
            if (published >= sequence) {
                return published;
            }
            if (alerted) {
                return sequence - 1;
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Like {@link #waitFor} but never waits: for a consumer that polls several sources from one
     * thread (a duty cycle) instead of blocking on one. Consumer thread only; the same
     * happens-before edge as {@code waitFor} when it returns {@code sequence} or more. Ignores
     * {@link #alert()}.
     *
     * @return the highest sequence available now, at least {@code sequence} (a batch); or a value
     *     below {@code sequence} if {@code sequence} is not available yet
     */
    public long tryWaitFor(long sequence) {
        long available = dependentMinimum();
        if (available < sequence) {
            return available;
        }
        return sequencer.highestPublished(sequence, available);
    }

    /** Makes the current and every later {@link #waitFor} return at once (below its argument). Any thread. */
    public void alert() {
        alerted = true;
        waitStrategy.signalAllWhenBlocking();
    }

    /** Whether {@link #alert()} was called. Any thread (volatile read). */
    public boolean isAlerted() {
        return alerted;
    }

    /** The smallest dependent sequence (acquire reads); the cursor when there are no dependents. */
    long dependentMinimum() {
        // One dependent is the common case (a consumer of the producer, or of one upstream stage):
        // read it directly rather than loop over an array of one in every spin of the consumer.
        final Sequence one = single;
        return one != null ? one.getAcquire() : Sequencer.minimum(dependents, Long.MAX_VALUE);
    }

    /** The ring buffer's cursor (acquire read): published, or for many producers claimed. */
    long cursorValue() {
        return cursor.getAcquire();
    }
}
