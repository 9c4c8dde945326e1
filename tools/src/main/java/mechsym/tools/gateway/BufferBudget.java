package mechsym.tools.gateway;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of request buffers (read buffers and bodies) every connection of a gateway may hold
 * together, so that no number of clients sending slowly can fill the heap: a buffer grows only
 * when its growth fits, else the request gets {@code 503}. Thread-safe (the gateway threads share
 * it).
 */
final class BufferBudget {
    private final long limit;
    private final AtomicLong used = new AtomicLong();

    BufferBudget(long limit) {
        this.limit = limit;
    }

    /** A quarter of the heap the JVM may grow to. */
    static BufferBudget quarterOfTheHeap() {
        return new BufferBudget(Runtime.getRuntime().maxMemory() / 4);
    }

    /** Takes {@code bytes} if they fit under the limit; whether they did. */
    boolean reserve(long bytes) {
        long now;
        do {
            now = used.get();
            if (now + bytes > limit) {
                return false;
            }
        } while (!used.compareAndSet(now, now + bytes));
        return true;
    }

    /** Gives back {@code bytes} reserved earlier. */
    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    long used() {
        return used.get();
    }

    long limit() {
        return limit;
    }
}
