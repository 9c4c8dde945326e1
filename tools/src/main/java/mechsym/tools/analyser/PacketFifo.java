package mechsym.tools.analyser;

/**
 * The analyser's internal FIFO: a ring of fixed capacity (nothing allocated after construction)
 * holding each packet together with its {@link Packet#slabOffset() slab offset}. The processor of a
 * native packet reads the buffer at that offset directly, so its cache miss on the buffer no longer
 * waits for a miss on the packet object first: the two overlap, as the C++ version's buffer and
 * parse result are both reached straight from its packet pointer. Not thread-safe.
 */
final class PacketFifo {
    private final Packet[] packets;
    private final long[] offsets;
    private int head;
    private int size;

    /**
     * @throws IllegalArgumentException if capacity is below 1
     */
    PacketFifo(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("FIFO capacity must be >= 1, was " + capacity);
        }
        this.packets = new Packet[capacity];
        this.offsets = new long[capacity];
    }

    int size() {
        return size;
    }

    /**
     * @throws IllegalStateException when the FIFO is full
     */
    void addLast(Packet packet, long slabOffset) {
        if (size == packets.length) {
            throw new IllegalStateException("the FIFO's " + packets.length + " places are all taken");
        }
        int tail = head + size;
        if (tail >= packets.length) {
            tail -= packets.length;
        }
        packets[tail] = packet;
        offsets[tail] = slabOffset;
        size++;
    }

    /** The oldest packet's slab offset; call before {@link #pollFirst()}. Undefined when empty. */
    long firstSlabOffset() {
        return offsets[head];
    }

    /** Removes and returns the oldest packet, or null when empty. */
    Packet pollFirst() {
        if (size == 0) {
            return null;
        }
        Packet packet = packets[head];
        packets[head] = null; // the FIFO does not keep what it handed on
        head = head + 1 == packets.length ? 0 : head + 1;
        size--;
        return packet;
    }
}
