package mechsym.core.concurrent;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A consumer of a {@link RingBuffer}: run it on a thread of its own, and it hands every published
 * event to an {@link EventHandler} in sequence order, in batches of whatever is available, then
 * advances its {@link #getSequence() sequence} once per batch (one release write). It runs until
 * {@link #halt()}; it runs once.
 *
 * <p>{@link #run()} on the one consumer thread; {@link #halt()}, {@link #getSequence()} and {@link
 * #isRunning()} from any thread. <b>Happens-before:</b> the producer's writes to an event
 * happen-before the handler's call for it; the handler's work on a batch happens-before anything
 * that acquires this processor's sequence at or past the batch (a later pipeline stage, the
 * producer reusing the slot, a thread waiting for the processor to catch up).
 */
public final class BatchEventProcessor<E> implements Runnable {
    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int HALTED = 2;
    private static final int FINISHED = 3;

    private final RingBuffer<E> ringBuffer;
    private final SequenceBarrier barrier;
    private final EventHandler<? super E> handler;
    private final Sequence sequence = new Sequence();
    private final AtomicInteger state = new AtomicInteger(NEW);

    /**
     * Creates a processor that waits for the producer and for every consumer in {@code dependsOn}
     * (a pipeline's earlier stage; none for a first stage). Add its sequence to the ring's gating
     * sequences if it is a last stage.
     */
    public BatchEventProcessor(RingBuffer<E> ringBuffer, EventHandler<? super E> handler, Sequence... dependsOn) {
        this.ringBuffer = Objects.requireNonNull(ringBuffer, "ringBuffer must not be null");
        this.handler = Objects.requireNonNull(handler, "handler must not be null");
        this.barrier = ringBuffer.newBarrier(dependsOn);
    }

    /** The last sequence this processor finished: {@code -1} before the first batch. */
    public Sequence getSequence() {
        return sequence;
    }

    /**
     * Asks the processor to stop; {@link #run()} returns after the batch in hand, without waiting
     * for events not yet published. Called before {@code run()} starts, it makes {@code run()}
     * return at once. Any thread.
     */
    public void halt() {
        if (!state.compareAndSet(NEW, HALTED)) {
            state.compareAndSet(RUNNING, HALTED);
        }
        barrier.alert();
    }

    /** Whether {@link #run()} has started and has been neither halted nor ended. Any thread. */
    public boolean isRunning() {
        return state.get() == RUNNING;
    }

    /**
     * Processes events until {@link #halt()}. A runtime exception from the handler ends the run and
     * propagates; the sequence stays at the end of the last completed batch, so the producer will
     * wait once it laps it: handle what you can inside the handler.
     *
     * @throws IllegalStateException if the processor is already running or has run
     */
    @Override
    public void run() {
        final int previous = state.compareAndExchange(NEW, RUNNING);
        if (previous == HALTED) {
            return; // halted before it started
        }
        if (previous != NEW) {
            throw new IllegalStateException(
                    previous == RUNNING
                            ? "processor is already running"
                            : "processor has already run; create a new one");
        }
        try {
            long next = sequence.getAcquire() + 1;
            while (true) {
                final long available = barrier.waitFor(next);
                if (available < next) {
                    if (barrier.isAlerted()) {
                        return;
                    }
                    continue;
                }
                while (next <= available) {
                    handler.onEvent(ringBuffer.get(next), next, next == available);
                    next++;
                }
                sequence.setRelease(available);
            }
        } finally {
            state.set(FINISHED);
        }
    }
}
