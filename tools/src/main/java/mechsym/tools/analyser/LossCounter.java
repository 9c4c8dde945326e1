package mechsym.tools.analyser;

/**
 * Counts lost packets from gaps in the sequence numbers received: the source numbers every tick from
 * 0 and drops the number when its queue is full, so a number n arriving when m was expected means
 * n - m were lost. Exact as long as numbers arrive in order, which a single-producer FIFO guarantees;
 * a number going backwards is a broken source and throws. Not thread-safe.
 */
public final class LossCounter {
    private long expected;
    private long received;
    private long lost;

    public void onSequence(long sequence) {
        if (sequence != expected) {
            if (sequence < expected) {
                throw new IllegalStateException(
                        "sequence number " + sequence + " after " + (expected - 1) + ": the source went backwards");
            }
            lost += sequence - expected;
        }
        expected = sequence + 1;
        received++;
    }

    public long received() {
        return received;
    }

    public long lost() {
        return lost;
    }

    /** Lost as a percentage of every number seen or skipped. */
    public double lostPercent() {
        long all = received + lost;
        return all == 0 ? 0 : 100.0 * lost / all;
    }
}
