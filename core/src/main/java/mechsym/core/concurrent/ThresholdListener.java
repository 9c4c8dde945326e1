package mechsym.core.concurrent;

/**
 * Told when a bounded queue's occupancy crosses a threshold, for alerts such as "the input queue is
 * 70% full". Give one to a queue's constructor with the threshold as a fraction of capacity.
 *
 * <p>The queue checks the threshold on the producer side, after each successful offer: a crossing
 * upward is reported by the producer whose offer took the size to the threshold or above; a
 * crossing downward is reported by the first producer whose offer, later, finds the size below the
 * threshold again (so a drained queue with no offers reports nothing). Reports alternate strictly:
 * {@code above == true}, then {@code false}, then {@code true}, and so on, starting with {@code true}.
 *
 * <p>Cost: without a listener the check is one null test per offer. With one, an offer reads the
 * consumer's index (a cache line the consumer writes) only while the queue may be at or above the
 * threshold: near the threshold, and after an upward crossing until the downward one.
 *
 * <p>The listener runs on a producer thread, inside {@code offer}, and delays that producer: keep it
 * short and non-blocking (set a flag, increment a counter, hand off to another thread). With {@link
 * MpscQueue} two producer threads may call it concurrently (with different {@code above} values).
 * An exception it throws propagates out of that {@code offer}, after the element was added.
 */
@FunctionalInterface
public interface ThresholdListener {
    /**
     * Called when the occupancy crossed the threshold.
     *
     * @param above {@code true} when the size reached the threshold or more, {@code false} when it
     *     fell below it
     * @param size the size the reporting producer observed
     * @param capacity the queue's capacity
     */
    void onThresholdCrossed(boolean above, int size, int capacity);
}
