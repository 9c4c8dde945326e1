package mechsym.tools.analyser;

import java.nio.ByteBuffer;

/**
 * A packet whose buffer is a heap {@link ByteBuffer} over a 1 KiB array: two objects per buffer,
 * as in the post (which chose a ByteBuffer to switch to direct buffers later).
 */
public final class HeapPacket extends Packet {
    private final ByteBuffer buffer = ByteBuffer.allocate(PacketLayout.BUFFER_SIZE);

    /** Not in a slab. */
    @Override
    long slabOffset() {
        return -1;
    }

    @Override
    int getByte(int offset) {
        return buffer.get(offset) & 0xFF;
    }

    @Override
    int getShort(int offset) {
        return buffer.getShort(offset) & 0xFFFF;
    }

    @Override
    int getInt(int offset) {
        return buffer.getInt(offset);
    }

    @Override
    void putInt(int offset, int value) {
        buffer.putInt(offset, value);
    }

    @Override
    void putLong(int offset, long value) {
        buffer.putLong(offset, value);
    }
}
