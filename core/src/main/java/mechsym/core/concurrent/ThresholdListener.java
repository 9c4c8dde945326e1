package mechsym.core.concurrent;

/**
 * Told when the occupancy of a bounded queue or a ring buffer crosses a threshold, for alerts such
 * as "the input queue is 70% full". Give one to a queue's constructor ({@link SpscQueue}, {@link
 * MpscQueue}) or a ring buffer's factory ({@link RingBuffer#createSingleProducer(java.util.function.Supplier,
 * int, WaitStrategy, double, ThresholdListener)}) with the threshold as a fraction of capacity.
 *
 * <p><b>When:</b> the structure checks the threshold on the producer side, after each successful
 * {@code offer} (a queue) or {@code publish} (a ring buffer). A crossing upward is reported by the
 * producer whose offer or publish took the occupancy to the threshold or above; a crossing
 * downward is reported by the first producer whose offer or publish, later, finds the occupancy
 * below the threshold again (so a drained queue that receives no more offers reports nothing).
 * The crossings alternate strictly: {@code above == true}, then {@code false}, then {@code true},
 * and so on, starting with {@code true} (each is a compare-and-set of the reported state). With one
 * producer the calls arrive in that order; with several, two calls can run at once on different
 * producer threads and so reach the listener in either order; once the producers are quiet, the
 * listener has had as many {@code true} calls as {@code false} ones, or one more.
 *
 * <p><b>Occupancy</b> is what {@code size()} reports: for a queue, elements offered and not yet
 * polled; for a ring buffer, events claimed and not yet finished by every gating consumer (a ring
 * without gating sequences is always empty, so it reports nothing).
 *
 * <p><b>No hysteresis:</b> the same level serves both directions. An occupancy that hovers at the
 * level produces a report at nearly every crossing; to alert on sustained load, count or debounce
 * in the listener, or alert on {@code true} and clear on a later {@code false} only after a quiet
 * period of your choosing.
 *
 * <p><b>Cost:</b> without a listener, {@link SpscQueue#offer} pays nothing for it (the threshold is
 * folded into the limit its offers already test), and the other structures one null test per offer
 * or publish. With one, an offer or publish reads the consumer side's position (a cache line the consumers write) only while
 * the occupancy may be at or above the threshold: near the threshold, and after an upward crossing
 * until the downward one.
 *
 * <p><b>Thread:</b> the listener runs on a producer thread, inside {@code offer} or {@code publish},
 * and delays that producer: keep it short and non-blocking (set a flag, increment a counter, hand off
 * to another thread). With {@link MpscQueue} or a multi-producer ring buffer two producer threads
 * may call it concurrently (with different {@code above} values). An exception it throws propagates
 * out of that {@code offer} or {@code publish}, after the element was added or the event published.
 */
@FunctionalInterface
public interface ThresholdListener {
    /**
     * Called when the occupancy crossed the threshold.
     *
     * @param above {@code true} when the occupancy reached the threshold or more, {@code false} when
     *     it fell below it
     * @param size the occupancy the reporting producer observed
     * @param capacity the queue's capacity or the ring's buffer size
     */
    void onThresholdCrossed(boolean above, int size, int capacity);
}
