package mechsym.core.concurrent;

import java.util.function.Consumer;
import java.util.function.Supplier;

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
     * Adds up to {@code limit} elements taken from {@code supplier}, as many as there is room for,
     * in the order the supplier returns them. Called by producer threads only. The supplier is
     * called once per element added, and only when a slot is already secured for its result, so no
     * element it returns is dropped. Publication is the same as {@link #offer}'s, per element; the
     * batch costs one update of the producer side's index instead of one per element (for {@link
     * MpscQueue}: one compare-and-set claims the whole batch). If the supplier throws or returns
     * {@code null}, the elements added before stay added and the exception (a {@link
     * NullPointerException} for {@code null}) propagates.
     *
     * @return the number of elements added, {@code 0} if the queue was full or {@code limit} is 0
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    int fill(Supplier<? extends E> supplier, int limit);

    /**
     * {@link #offer}, named as JCTools' {@code MessagePassingQueue} names it: may return {@code
     * false} only when the queue is full, as {@code offer} may; same threads, same ordering. For
     * code written against JCTools' interface.
     */
    default boolean relaxedOffer(E element) {
        return offer(element);
    }

    /**
     * Removes and returns the element at the head. Called by the one consumer thread only.
     *
     * @return the head element, or {@code null} if none is ready
     */
    E poll();

    /**
     * {@link #poll}, named as JCTools' {@code MessagePassingQueue} names it: may return {@code null}
     * while an element is being offered (claimed, not yet stored: {@link MpscQueue} only), and
     * never otherwise when the queue holds an element. Consumer thread only; same ordering as
     * {@code poll}. For code written against JCTools' interface; mechsym's {@code poll} is already
     * this relaxed, and never spins.
     */
    default E relaxedPoll() {
        return poll();
    }

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
