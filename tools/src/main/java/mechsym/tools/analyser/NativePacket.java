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

    NativePacket(MemorySegment slab, int slot) {
        this.slab = slab;
        this.base = (long) slot * PacketLayout.BUFFER_SIZE;
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
        putInt(slab, base + offset, value);
    }

    @Override
    void putLong(int offset, long value) {
        putLong(slab, base + offset, value);
    }

    /** Writes a big-endian 32-bit value at {@code at} of a slab (bounds-checked by the segment). */
    static void putInt(MemorySegment slab, long at, int value) {
        slab.set(INT, at, value);
    }

    /** Writes a big-endian 64-bit value at {@code at} of a slab. */
    static void putLong(MemorySegment slab, long at, long value) {
        slab.set(LONG, at, value);
    }
}
