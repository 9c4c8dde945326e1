package mechsym.core.concurrent;

/**
 * Processes the events of a {@link RingBuffer}, called by a {@link BatchEventProcessor} on its
 * thread, in sequence order, for every event.
 *
 * @param <E> the event type
 */
@FunctionalInterface
public interface EventHandler<E> {
    /**
     * Processes one event. The event belongs to the ring: copy what must outlive the call, and do
     * not keep the reference. A runtime exception ends the processor (see {@link
     * BatchEventProcessor#run()}).
     *
     * @param event the pre-allocated event the producer filled
     * @param sequence its sequence
     * @param endOfBatch {@code true} for the last event currently available: the moment to flush
     *     batched work (a write to a socket or a file) before the processor waits again
     */
    void onEvent(E event, long sequence, boolean endOfBatch);
}
