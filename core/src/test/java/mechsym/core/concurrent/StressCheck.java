package mechsym.core.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counts what a consumer received from producers that each sent {@code 0, 1, 2, ...} tagged with
 * their id: nothing lost, nothing duplicated, FIFO per producer. A value is {@code producer << 40 |
 * index}. Single consumer thread; read the results after joining it.
 */
final class StressCheck {
    /** Elements per stress run: 10^6 in the unit suite, e.g. -Dmechsym.stress.elements=100000000 for 10^8. */
    static final long ELEMENTS = Long.getLong("mechsym.stress.elements", 1_000_000L);

    private static final int INDEX_BITS = 40;

    private final long[] nextIndex;
    private final long perProducer;
    private long count;
    private long checksum;
    private long outOfOrder;

    StressCheck(int producers, long perProducer) {
        this.nextIndex = new long[producers];
        this.perProducer = perProducer;
    }

    static long value(int producer, long index) {
        return ((long) producer << INDEX_BITS) | index;
    }

    void accept(long value) {
        int producer = (int) (value >>> INDEX_BITS);
        long index = value & ((1L << INDEX_BITS) - 1);
        if (index != nextIndex[producer]) {
            outOfOrder++;
        }
        nextIndex[producer] = index + 1;
        count++;
        checksum += value;
    }

    long count() {
        return count;
    }

    long expectedCount() {
        return perProducer * nextIndex.length;
    }

    /** Asserts every producer's elements arrived once each, in order. */
    void assertComplete() {
        long expectedChecksum = 0;
        for (int producer = 0; producer < nextIndex.length; producer++) {
            // sum of value(producer, i) for i in [0, perProducer)
            expectedChecksum += value(producer, 0) * perProducer + perProducer * (perProducer - 1) / 2;
        }
        assertThat(outOfOrder).as("elements out of FIFO order per producer").isZero();
        assertThat(count).as("elements received").isEqualTo(expectedCount());
        assertThat(nextIndex).as("last index + 1 per producer").containsOnly(perProducer);
        assertThat(checksum).as("checksum of received elements").isEqualTo(expectedChecksum);
    }
}
