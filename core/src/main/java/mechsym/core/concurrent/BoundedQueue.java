package mechsym.core.concurrent;

import java.util.function.Consumer;

/**
 * A bounded, lock-free queue of object references that never grows: {@link #offer} refuses an
 * element when the queue is full. Which threads may offer and which may poll is fixed by the
 * implementation: {@link SpscQueue} (one producer thread, one consumer thread) and {@link
 * MpscQueue} (any number of producer threads, one consumer thread).
 *
 * <p><b>Happens-before:</b> everything a producer thread did before an {@code offer} that returned
 * {@code true} happens-before everything the consumer thread does after the {@code poll} or {@code
 * drain} that returned that element. An element is therefore safely published: its fields need not
 * be final or volatile. Elements from one producer are consumed in the order that producer offered
 * them (FIFO per producer); elements from different producers interleave in the order their offers
 * took effect.
 *
 * <p><b>Full and empty:</b> {@code offer} returns {@code false} if and only if it found the queue
 * full (for {@link MpscQueue}: full at the moment its claim failed), and then nothing is stored.
 * {@code poll} returns {@code null} when no element is ready for the consumer; see each
 * implementation for the one case where that differs from "empty". {@code null} elements are
 * refused with a {@link NullPointerException}.
 *
 * <p><b>Occupancy:</b> {@link #size()} may be called from any thread; while producers and the
 * consumer run it is a snapshot that was true at some instant during the call. An optional {@link
 * ThresholdListener} given to the constructor is told when offers take the size up to a threshold
 * and when later offers find it below again.
 *
 * @param <E> the element type
 */
public sealed interface BoundedQueue<E> permits SpscQueue, MpscQueue {

    /**
     * Adds {@code element} at the tail if there is room. Called by producer threads only (see the
     * implementation for how many). Allocates nothing.
     *
     * @return {@code true} if the element was added, {@code false} if the queue was full
     * @throws NullPointerException if {@code element} is {@code null}
     */
    boolean offer(E element);

    /**
     * Removes and returns the element at the head. Called by the one consumer thread only.
     *
     * @return the head element, or {@code null} if none is ready
     */
    E poll();

    /**
     * Removes up to {@code limit} ready elements in FIFO order and hands each to {@code handler}, on
     * the consumer thread, without allocating. Called by the one consumer thread only. If the
     * handler throws, the element it was given counts as consumed, the slots of the elements
     * consumed so far are freed, and the exception propagates.
     *
     * @return the number of elements handed to {@code handler}; {@code 0} if none was ready
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    int drain(Consumer<? super E> handler, int limit);

    /**
     * Removes the ready elements, at most {@link #capacity()}; same as {@code drain(handler,
     * capacity())}.
     *
     * @return the number of elements handed to {@code handler}
     */
    default int drain(Consumer<? super E> handler) {
        return drain(handler, capacity());
    }

    /**
     * The number of elements offered and not yet consumed, between {@code 0} and {@link
     * #capacity()}. Any thread; a snapshot.
     */
    int size();

    /** Whether {@link #size()} is zero. Any thread; a snapshot. */
    default boolean isEmpty() {
        return size() == 0;
    }

    /** The fixed number of elements the queue holds: the requested capacity rounded up to a power of two. */
    int capacity();
}
