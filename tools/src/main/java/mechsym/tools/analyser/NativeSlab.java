package mechsym.tools.analyser;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Off-heap memory for packet buffers: {@code slots} slots of 1 KiB in one segment, and a stack of
 * the free slot numbers (an int array, no objects). Allocating a direct buffer per packet would call
 * into the allocator and leave the freeing to a cleaner thread; the post pooled its direct buffers
 * for every strategy, and so does this slab. Not thread-safe: one analyser thread. {@link #close()}
 * frees the memory; a packet used after that throws {@link IllegalStateException}.
 */
public final class NativeSlab implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private final MemorySegment segment;
    private final int[] free;
    private int freeCount;

    /**
     * @param slots how many 1 KiB buffers
     * @param reserved the first {@code reserved} slots are not on the free stack (the caller hands them
     *     to packets it keeps for good, numbered 0..reserved-1)
     */
    public NativeSlab(int slots, int reserved) {
        if (slots < 1 || reserved < 0 || reserved > slots) {
            throw new IllegalArgumentException("slab of " + slots + " slots, " + reserved + " reserved");
        }
        this.segment = arena.allocate((long) slots * PacketLayout.BUFFER_SIZE, 64);
        this.free = new int[slots - reserved];
        for (int i = 0; i < free.length; i++) {
            free[i] = slots - 1 - i; // the lowest slot on top
        }
        this.freeCount = free.length;
    }

    /** A packet on a slot of its own for good (slot numbers below {@code reserved}). */
    NativePacket reservedPacket(int slot) {
        return new NativePacket(segment, slot);
    }

    /** A new packet object on a free slot. */
    NativePacket newPacket() {
        if (freeCount == 0) {
            throw new IllegalStateException("the native slab's " + free.length + " free slots are all in use");
        }
        return new NativePacket(segment, free[--freeCount]);
    }

    /** Gives the slot at {@code slabOffset} back (its packet object is left to the GC). */
    void freeSlot(long slabOffset) {
        free[freeCount++] = (int) (slabOffset / PacketLayout.BUFFER_SIZE);
    }

    /** The memory of every slot: slot {@code n}'s buffer is the 1 KiB at {@code n * BUFFER_SIZE}. */
    MemorySegment segment() {
        return segment;
    }

    /** Free slots now. */
    public int freeSlots() {
        return freeCount;
    }

    public long bytes() {
        return segment.byteSize();
    }

    @Override
    public void close() {
        arena.close();
    }
}
