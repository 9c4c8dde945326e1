package mechsym.core.concurrent;

import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

abstract class SingleProducerSequencerPad1 extends Sequencer {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

    SingleProducerSequencerPad1(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        super(bufferSize, waitStrategy, threshold);
    }
}

/** Producer-thread-only state: plain fields, never read by another thread. */
abstract class SingleProducerSequencerFields extends SingleProducerSequencerPad1 {
    /** The highest sequence claimed. */
    long nextValue = Sequence.INITIAL_VALUE;
    /** The slowest gating sequence as last read. */
    long cachedGatingSequence = Sequence.INITIAL_VALUE;

    SingleProducerSequencerFields(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        super(bufferSize, waitStrategy, threshold);
    }
}

abstract class SingleProducerSequencerPad2 extends SingleProducerSequencerFields {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    SingleProducerSequencerPad2(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        super(bufferSize, waitStrategy, threshold);
    }
}

/**
 * One producer thread: claims are plain arithmetic on producer-local fields and publication is one
 * release write of the cursor. A producer that finds the ring full parks for the shortest time the
 * OS allows (about 50 microseconds on Linux) and checks again: it waits, but burns no core.
 */
final class SingleProducerSequencer extends SingleProducerSequencerPad2 {
    SingleProducerSequencer(int bufferSize, WaitStrategy waitStrategy, OccupancyThreshold threshold) {
        super(bufferSize, waitStrategy, threshold);
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

    /**
     * Whether {@code n} more fit after {@code current}; re-reads the gating sequences only when the
     * cache says no. Before it does, a full fence: the cursor was published with a release write,
     * which a later read may otherwise overtake (x86 lets a load pass an earlier store). Without it
     * this producer could read the gating sequences as they were before a concurrent {@code
     * addGatingSequences} while that call reads the cursor as it was before this producer's last
     * publish, and claim past the new consumer's start plus the buffer size (the stress module's
     * RingBufferAddGatingTest catches that). Once per buffer's worth of claims at most.
     */
    private boolean hasCapacity(int n, long current) {
        final long wrapPoint = current + n - bufferSize;
        final long cached = cachedGatingSequence;
        if (wrapPoint > cached || cached > current) {
            VarHandle.fullFence();
            cachedGatingSequence = minimum(gatingSequences(), current);
            return wrapPoint <= cachedGatingSequence;
        }
        return true;
    }

    @Override
    void publish(long lo, long hi) {
        cursor.setRelease(hi);
        waitStrategy.signalAllWhenBlocking();
        if (threshold != null) {
            // the minimum just read is a fresh lower bound for the claim path too
            cachedGatingSequence = checkThreshold(hi, cachedGatingSequence);
        }
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
