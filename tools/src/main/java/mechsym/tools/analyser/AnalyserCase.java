package mechsym.tools.analyser;

import java.util.List;
import java.util.Locale;

/**
 * One of the post's load cases: how many packets stay alive in the internal FIFO and in the TCP
 * store. The post's table gives case A 10,000 / 10,000; its printed run of case A shows 1,000 /
 * 1,000: {@code A} is the table's, {@code A1000} the printed run's.
 *
 * @param label A, A1000, B or C
 * @param internalQueueSize INTERNAL_QUEUE_SIZE: packets waiting in the FIFO
 * @param storedCount STORED_COUNT: slots of the TCP store
 */
public record AnalyserCase(String label, int internalQueueSize, int storedCount) {
    /** The post's POOL_SIZE (all cases). */
    public static final int POOL_SIZE = 1_000_000;
    /** The post's MIX_POOL_SIZE (all cases). */
    public static final int MIX_POOL_SIZE = 200_000;
    /** The post's MAX_CAPTURING_DELAY_MS: the clock queue holds this much time of packets. */
    public static final int MAX_CAPTURING_DELAY_MS = 100;

    public static final AnalyserCase A = new AnalyserCase("A", 10_000, 10_000);
    public static final AnalyserCase A1000 = new AnalyserCase("A1000", 1_000, 1_000);
    public static final AnalyserCase B = new AnalyserCase("B", 100_000, 100_000);
    public static final AnalyserCase C = new AnalyserCase("C", 495_000, 495_000);

    public static final List<AnalyserCase> ALL = List.of(A, A1000, B, C);

    public AnalyserCase {
        if (internalQueueSize < 1 || storedCount < 1) {
            throw new IllegalArgumentException("case " + label + ": queue and store need at least one slot");
        }
    }

    /**
     * The case labelled {@code text} (any letter case).
     *
     * @throws IllegalArgumentException naming the text and the valid labels
     */
    public static AnalyserCase parse(String text) {
        for (AnalyserCase c : ALL) {
            if (c.label.equalsIgnoreCase(text.strip())) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown case '" + text + "' (expected one of A, A1000, B, C)");
    }

    /** Packets alive at once in steady state: the FIFO plus the store. */
    public long livePackets() {
        return (long) internalQueueSize + storedCount;
    }

    /** This case with FIFO and store scaled down by {@code divisor} (for tests and the tiny profile). */
    public AnalyserCase scaledDown(int divisor) {
        return new AnalyserCase(label, Math.max(1, internalQueueSize / divisor), Math.max(1, storedCount / divisor));
    }

    @Override
    public String toString() {
        return label.toUpperCase(Locale.ROOT);
    }
}
