package mechsym.tools.analyser;

/**
 * A packet: a 1 KiB buffer and its parse result. The buffer is on the heap ({@link HeapPacket}) or a
 * slot of an off-heap slab ({@link NativePacket}); one run uses one kind, so the calls below stay
 * monomorphic. Not thread-safe: a packet belongs to the analyser's thread.
 */
public abstract sealed class Packet permits HeapPacket, NativePacket {
    /** The parse result; null until parsed, cleared on release. */
    IpHeader header;

    // The flat parse's result: primitive fields of the packet itself (no object of their own, so no
    // cache line of their own), overwritten by each parse, as the post's flat C++ keeps them inside
    // its buffers.
    int parsedSource;
    int parsedDestination;
    int parsedProtocol;
    int parsedTotalLength;
    int parsedSourcePort;
    int parsedDestinationPort;

    public IpHeader header() {
        return header;
    }

    /** Where the buffer starts in its slab's segment ({@link NativePacket}); -1 for a heap buffer. */
    abstract long slabOffset();

    abstract int getByte(int offset);

    /** An unsigned big-endian 16-bit value. */
    abstract int getShort(int offset);

    /** A big-endian 32-bit value. */
    abstract int getInt(int offset);

    abstract void putInt(int offset, int value);

    /** Writes a big-endian 64-bit value. */
    abstract void putLong(int offset, long value);
}
