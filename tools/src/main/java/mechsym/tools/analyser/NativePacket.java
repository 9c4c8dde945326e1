package mechsym.tools.analyser;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A packet whose buffer is one 1 KiB slot of a {@link NativeSlab}: no buffer object at all, only the
 * slot's offset into the slab's segment (FFM accesses, bounds-checked against the slab).
 */
public final class NativePacket extends Packet {
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final MemorySegment slab;
    private final long base;
    private final int slot;

    NativePacket(MemorySegment slab, int slot) {
        this.slab = slab;
        this.slot = slot;
        this.base = (long) slot * PacketLayout.BUFFER_SIZE;
    }

    /** The slab slot this packet's buffer occupies. */
    int slot() {
        return slot;
    }

    /** Where this packet's buffer starts in its slab's segment. */
    @Override
    long slabOffset() {
        return base;
    }

    @Override
    int getByte(int offset) {
        return getByte(slab, base + offset);
    }

    @Override
    int getShort(int offset) {
        return getShort(slab, base + offset);
    }

    @Override
    int getInt(int offset) {
        return getInt(slab, base + offset);
    }

    /** The unsigned byte at {@code at} of a slab (bounds-checked by the segment). */
    static int getByte(MemorySegment slab, long at) {
        return slab.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
    }

    /** The unsigned big-endian 16-bit value at {@code at} of a slab. */
    static int getShort(MemorySegment slab, long at) {
        return slab.get(SHORT, at) & 0xFFFF;
    }

    /** The big-endian 32-bit value at {@code at} of a slab. */
    static int getInt(MemorySegment slab, long at) {
        return slab.get(INT, at);
    }

    @Override
    void putInt(int offset, int value) {
        slab.set(INT, base + offset, value);
    }

    @Override
    void putLong(int offset, long value) {
        slab.set(LONG, base + offset, value);
    }
}
