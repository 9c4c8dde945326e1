package mechsym.core.concurrent;

import java.util.concurrent.locks.LockSupport;

abstract class SingleProducerSequencerPad1 extends Sequencer {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    SingleProducerSequencerPad1(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

/** Producer-thread-only state: plain fields, never read by another thread. */
abstract class SingleProducerSequencerFields extends SingleProducerSequencerPad1 {
    /** The highest sequence claimed. */
    long nextValue = Sequence.INITIAL_VALUE;
    /** The slowest gating sequence as last read. */
    long cachedGatingSequence = Sequence.INITIAL_VALUE;

    SingleProducerSequencerFields(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

abstract class SingleProducerSequencerPad2 extends SingleProducerSequencerFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SingleProducerSequencerPad2(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

/**
 * One producer thread: claims are plain arithmetic on producer-local fields and publication is one
 * release write of the cursor. A producer that finds the ring full parks for the shortest time the
 * OS allows (about 50 microseconds on Linux) and checks again: it waits, but burns no core.
 */
final class SingleProducerSequencer extends SingleProducerSequencerPad2 {
    SingleProducerSequencer(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }

    @Override
    long next(int n) {
        requireBatch(n);
        final long current = nextValue;
        if (!hasCapacity(n, current)) {
            final long wrapPoint = current + n - bufferSize;
            long minimum;
            while (wrapPoint > (minimum = minimum(gatingSequences(), current))) {
                LockSupport.parkNanos(1L);
            }
            cachedGatingSequence = minimum;
        }
        nextValue = current + n;
        return nextValue;
    }

    @Override
    long tryNext(int n) {
        requireBatch(n);
        if (!hasCapacity(n, nextValue)) {
            return -1L;
        }
        nextValue += n;
        return nextValue;
    }

    /** Whether {@code n} more fit after {@code current}; re-reads the gating sequences only when the cache says no. */
    private boolean hasCapacity(int n, long current) {
        final long wrapPoint = current + n - bufferSize;
        final long cached = cachedGatingSequence;
        if (wrapPoint > cached || cached > current) {
            cachedGatingSequence = minimum(gatingSequences(), current);
            return wrapPoint <= cachedGatingSequence;
        }
        return true;
    }

    @Override
    void publish(long lo, long hi) {
        cursor.setRelease(hi);
        waitStrategy.signalAllWhenBlocking();
    }

    @Override
    boolean isPublished(long sequence) {
        final long published = cursor.getAcquire();
        return sequence <= published && sequence > published - bufferSize;
    }

    @Override
    long highestPublished(long lowerBound, long available) {
        return available;
    }
}
