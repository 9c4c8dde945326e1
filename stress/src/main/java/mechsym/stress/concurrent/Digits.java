package mechsym.stress.concurrent;

import mechsym.core.concurrent.BoundedQueue;

/** Writes the single-digit elements left in a queue as one number, in order: 1, 2, 3 gives 123. */
final class Digits {
    private Digits() {}

    /** Drains {@code queue} (the arbiter runs after every actor: it may act as the consumer). */
    static int drain(BoundedQueue<Integer> queue) {
        int digits = 0;
        for (Integer element = queue.poll(); element != null; element = queue.poll()) {
            digits = digits * 10 + element;
        }
        return digits;
    }
}
