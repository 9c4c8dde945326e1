package mechsym.core.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * Many producer threads: a claim is one atomic add on the cursor ({@link #next}) or a
 * compare-and-set loop ({@link #tryNext}); publication is a release write of the slot's lap number
 * into an availability array, so consumers see each sequence as soon as its own producer publishes
 * it, whatever the others do. A producer that finds the ring full parks for the shortest time the OS
 * allows (about 50 microseconds on Linux) and checks again.
 */
final class MultiProducerSequencer extends Sequencer {
    private static final VarHandle AVAILABLE = MethodHandles.arrayElementVarHandle(int[].class);

    /** The slowest gating sequence as some producer last read it; padded, shared by producers. */
    private final Sequence gatingSequenceCache = new Sequence();

    /** The lap number ({@code sequence >>> indexShift}) last published in each slot. */
    private final int[] available;

    private final int indexMask;
    private final int indexShift;

    MultiProducerSequencer(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        super(bufferSize, waitStrategy, threshold);
        this.available = new int[bufferSize];
        Arrays.fill(available, -1);
        this.indexMask = bufferSize - 1;
        this.indexShift = Integer.numberOfTrailingZeros(bufferSize);
    }

    @Override
    long next(int n) {
        requireBatch(n);
        final long current = cursor.getAndAdd(n);
        final long next = current + n;
        final long wrapPoint = next - bufferSize;
        final long cached = gatingSequenceCache.getAcquire();
        if (wrapPoint > cached || cached > current) {
            long minimum;
            while (wrapPoint > (minimum = minimum(gatingSequences(), current))) {
                LockSupport.parkNanos(1L);
            }
            gatingSequenceCache.setRelease(minimum);
        }
        return next;
    }

    @Override
    long tryNext(int n) {
        requireBatch(n);
        long current;
        long next;
        do {
            current = cursor.getVolatile();
            next = current + n;
            if (!hasCapacity(n, current)) {
                return -1L;
            }
        } while (!cursor.compareAndSet(current, next));
        return next;
    }

    private boolean hasCapacity(int n, long current) {
        final long wrapPoint = current + n - bufferSize;
        final long cached = gatingSequenceCache.getAcquire();
        if (wrapPoint > cached || cached > current) {
            long minimum = minimum(gatingSequences(), current);
            gatingSequenceCache.setRelease(minimum);
            return wrapPoint <= minimum;
        }
        return true;
    }

    @Override
    void publish(long lo, long hi) {
        for (long sequence = lo; sequence <= hi; sequence++) {
            AVAILABLE.setRelease(available, (int) sequence & indexMask, (int) (sequence >>> indexShift));
        }
        waitStrategy.signalAllWhenBlocking();
        if (threshold != null) {
            // the cursor counts claims, as size() does; the shared cache is a lower bound of the gating minimum
            checkThreshold(cursor.getAcquire(), gatingSequenceCache.getAcquire());
        }
    }

    @Override
    boolean isPublished(long sequence) {
        return (int) AVAILABLE.getAcquire(available, (int) sequence & indexMask) == (int) (sequence >>> indexShift);
    }

    @Override
    long highestPublished(long lowerBound, long availableSequence) {
        for (long sequence = lowerBound; sequence <= availableSequence; sequence++) {
            if (!isPublished(sequence)) {
                return sequence - 1;
            }
        }
        return availableSequence;
    }
}
