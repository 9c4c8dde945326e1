package mechsym.core.codec;

import static mechsym.core.codec.SegmentAccess.BYTE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A byte buffer over a {@link MemorySegment}, with positional ({@code getInt(index)}, {@code
 * putInt(index, value)}) and cursor ({@code readInt()}, {@code writeInt(value)}) access to every
 * primitive, bulk copies of primitive arrays, and one byte order chosen per buffer.
 *
 * <p><b>Backings.</b> The same class reads and writes a {@code byte[]} ({@link #of(byte[])}), a
 * heap or direct {@link ByteBuffer} ({@link #of(ByteBuffer)}: the bytes between its position and
 * its limit), or any segment ({@link #of(MemorySegment)}): one allocated by an {@link
 * java.lang.foreign.Arena}, or a file mapped with {@link
 * java.nio.channels.FileChannel#map(java.nio.channels.FileChannel.MapMode, long, long,
 * java.lang.foreign.Arena)}. {@link #wrap(MemorySegment)} re-points an existing buffer, so one
 * instance can serve as a flyweight over many regions.
 *
 * <p><b>Byte order.</b> Fixed when the buffer is made: {@link ByteOrder#nativeOrder()} unless the
 * factory is given an order. Every multi-byte value, single or bulk, is read and written in that
 * order; a wire format should name its order explicitly. Each access branches on a final flag
 * around two accesses with {@code static final} unaligned {@link ValueLayout}s, so the JIT sees a
 * constant layout and compiles it to a plain (possibly byte-swapping) load or store, also in a
 * program that uses both byte orders; every accessor is small enough for C2 to inline wherever it
 * is called (see {@code SegmentAccess}). No alignment is required of any index. The JIT
 * specialises each access on the segment's implementation (heap or native): a call site that sees
 * both kinds still works, but runs slower than one that sees one.
 *
 * <p><b>Bulk arrays.</b> In the native byte order each bulk method is one copy ({@link
 * MemorySegment#copy}). In the other order, arrays of up to 1024 elements go element by element,
 * each swapped in a register in a loop C2 unrolls, and longer ones in one swapping copy: the JDK
 * swaps in a native call, which costs more than the loop for short arrays ({@code ./mechsym jmh
 * BulkArrayBenchmark} measures both per count and order). Either way both ranges are checked before
 * anything is written.
 *
 * <p><b>Bounds.</b> Every access is bounds-checked against the segment: an access that would touch
 * a byte outside {@code [0, capacity())} throws {@link BufferBoundsException} (an {@link
 * IndexOutOfBoundsException} naming this buffer) and changes nothing, neither the bytes nor the
 * cursor. A bulk method given an array range outside its array throws a plain {@code
 * IndexOutOfBoundsException} instead: that is the caller's error, not a full buffer. The FFM API does the checking, except for the scalar
 * accesses of a buffer over a whole writable {@code byte[]} ({@link #of(byte[])}, or a heap {@code
 * ByteBuffer} or segment that spans its whole array): those go through byte-array view {@link
 * java.lang.invoke.VarHandle}s, checked against the array, which is then exactly the segment: C2
 * merges their {@code int} range checks across the fields of a message, which made a message's
 * write through this class about 1.35x faster than through FFM (see {@code ArrayAccess}). A write to a read-only backing (a
 * read-only {@code ByteBuffer} or segment) throws {@link IllegalArgumentException}; an access to a
 * segment whose arena is closed throws {@link IllegalStateException}. The JVM cannot crash through
 * this class.
 *
 * <p><b>Cursor.</b> {@link #position()} is the index of the next cursor access; cursor methods
 * advance it by the number of bytes they touched, and only when they succeed. Positional methods
 * never move it.
 *
 * <p><b>Allocation.</b> No get, put, read, write or bulk method allocates. The factories and the
 * {@code wrap} methods allocate (a segment view, an {@code Optional}).
 *
 * <p><b>Thread safety.</b> None: an instance is meant to be used by one thread at a time. Accesses
 * are plain loads and stores with no memory-ordering guarantee; publish the bytes to another thread
 * by a happens-before edge of your own (a queue, a release/acquire pair, a lock). The segment's own
 * confinement rules apply (a confined arena's segment may only be touched by its owner thread).
 */
public final class CodecBuffer {
    private final boolean bigEndian;
    private MemorySegment segment;
    private long position;
    private long limit;
    /** The writable byte[] behind the segment, or null: found once per wrap, for {@link Utf8}. */
    private byte[] array;
    /** Index in {@link #array} of the segment's byte 0. */
    private int arrayOffset;
    /**
     * {@link #array} when the segment is that whole array (byte 0 at index 0, same length), else null:
     * then the scalar accesses use byte-array view handles, whose bounds are the segment's (see
     * {@code ArrayAccess} for why).
     */
    private byte[] whole;

    private CodecBuffer(MemorySegment segment, ByteOrder order) {
        this.bigEndian = Objects.requireNonNull(order, "order") == ByteOrder.BIG_ENDIAN;
        wrap(segment);
    }

    /** A buffer over the whole array, in native byte order. */
    public static CodecBuffer of(byte[] array) {
        return of(array, ByteOrder.nativeOrder());
    }

    /** A buffer over the whole array, in the given byte order. */
    public static CodecBuffer of(byte[] array, ByteOrder order) {
        return new CodecBuffer(MemorySegment.ofArray(array), order);
    }

    /**
     * A buffer over the bytes of {@code buffer} between its position and its limit (index 0 of this
     * buffer is {@code buffer.position()}), in native byte order. The {@code ByteBuffer}'s own byte
     * order, position and limit are ignored afterwards and never changed.
     */
    public static CodecBuffer of(ByteBuffer buffer) {
        return of(buffer, ByteOrder.nativeOrder());
    }

    /** As {@link #of(ByteBuffer)}, in the given byte order. */
    public static CodecBuffer of(ByteBuffer buffer, ByteOrder order) {
        return new CodecBuffer(MemorySegment.ofBuffer(buffer), order);
    }

    /** A buffer over the whole segment, in native byte order. */
    public static CodecBuffer of(MemorySegment segment) {
        return of(segment, ByteOrder.nativeOrder());
    }

    /** A buffer over the whole segment, in the given byte order. */
    public static CodecBuffer of(MemorySegment segment, ByteOrder order) {
        return new CodecBuffer(segment, order);
    }

    /** Re-points this buffer at {@code segment} (keeping its byte order) and sets the position to 0. */
    public CodecBuffer wrap(MemorySegment segment) {
        this.segment = Objects.requireNonNull(segment, "segment");
        this.position = 0;
        this.limit = segment.byteSize();
        this.array = segment.heapBase().orElse(null) instanceof byte[] bytes ? bytes : null;
        this.arrayOffset = array == null ? 0 : (int) segment.address();
        this.whole = array != null && arrayOffset == 0 && array.length == limit ? array : null;
        return this;
    }

    /** The writable byte[] that is exactly the segment (byte 0 at index 0, same length), or null. */
    byte[] whole() {
        return whole;
    }

    /** The writable byte[] behind the segment, or null (read-only, native, or not a byte[]). */
    byte[] array() {
        return array;
    }

    /** Index in {@link #array()} of this buffer's byte 0. */
    int arrayOffset() {
        return arrayOffset;
    }

    /** Re-points this buffer at the whole array (allocates one segment view). */
    public CodecBuffer wrap(byte[] array) {
        return wrap(MemorySegment.ofArray(array));
    }

    /** The segment this buffer reads and writes. */
    public MemorySegment segment() {
        return segment;
    }

    /** The byte order of every multi-byte access. */
    public ByteOrder order() {
        return bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    /** The number of bytes in the buffer. */
    public long capacity() {
        return segment.byteSize();
    }

    /** The index of the next cursor access. */
    public long position() {
        return position;
    }

    /**
     * Moves the cursor.
     *
     * @throws IndexOutOfBoundsException if {@code newPosition} is negative or beyond {@link
     *     #capacity()}; the position is then unchanged
     */
    public CodecBuffer position(long newPosition) {
        if (newPosition < 0 || newPosition > segment.byteSize()) {
            throw outside("position", newPosition);
        }
        position = newPosition;
        return this;
    }

    /**
     * The end that {@link #readCount} checks counts against: the capacity unless set lower (a {@link
     * FrameReader} sets it to the end of the body while a message reads itself). Other accesses are
     * bounded by the capacity only.
     */
    public long limit() {
        return limit;
    }

    /**
     * Sets the end {@link #readCount} checks against.
     *
     * @throws IndexOutOfBoundsException if {@code newLimit} is negative or beyond the capacity
     */
    public CodecBuffer limit(long newLimit) {
        if (newLimit < 0 || newLimit > segment.byteSize()) {
            throw outside("limit", newLimit);
        }
        limit = newLimit;
        return this;
    }

    // cold path out of line, so that position and limit stay small enough to inline anywhere
    private BufferBoundsException outside(String what, long value) {
        return new BufferBoundsException(this, what + " " + value + " outside [0, " + segment.byteSize() + "]");
    }

    // the JDK's bounds check (segment or array view) as this buffer's own: see BufferBoundsException
    private BufferBoundsException outOfBounds(IndexOutOfBoundsException e) {
        return new BufferBoundsException(this, e);
    }

    /** Bytes between the position and the capacity. */
    public long remaining() {
        return segment.byteSize() - position;
    }

    /**
     * Advances the cursor by {@code bytes} (which may be negative).
     *
     * @throws IndexOutOfBoundsException if the new position would be negative or beyond {@link
     *     #capacity()} (also when {@code position() + bytes} overflows a long); the position is then
     *     unchanged
     */
    public CodecBuffer skip(long bytes) {
        // compared without adding: position + bytes may overflow, and then names a wrapped position
        if (bytes < -position || bytes > segment.byteSize() - position) {
            throw skipOutside(bytes);
        }
        position += bytes;
        return this;
    }

    // cold path out of line, as outside()
    private BufferBoundsException skipOutside(long bytes) {
        return new BufferBoundsException(
                this,
                "skip of " + bytes + " bytes from position " + position + " leaves [0, " + segment.byteSize() + "]");
    }

    // ---------------------------------------------------------------------------------------
    // positional access: index is a byte offset into the segment; the cursor does not move

    public byte getByte(long index) {
        try {
            return SegmentAccess.getByte(segment, whole, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putByte(long index, byte value) {
        try {
            SegmentAccess.putByte(segment, whole, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    /** Reads one byte: zero is false, anything else true. */
    public boolean getBoolean(long index) {
        try {
            return SegmentAccess.getByte(segment, whole, index) != 0;
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    /** Writes one byte: 1 for true, 0 for false. */
    public void putBoolean(long index, boolean value) {
        try {
            SegmentAccess.putByte(segment, whole, index, value ? (byte) 1 : (byte) 0);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public short getShort(long index) {
        try {
            return SegmentAccess.getShort(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putShort(long index, short value) {
        try {
            SegmentAccess.putShort(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public char getChar(long index) {
        try {
            return SegmentAccess.getChar(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putChar(long index, char value) {
        try {
            SegmentAccess.putChar(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public int getInt(long index) {
        try {
            return SegmentAccess.getInt(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putInt(long index, int value) {
        try {
            SegmentAccess.putInt(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public long getLong(long index) {
        try {
            return SegmentAccess.getLong(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putLong(long index, long value) {
        try {
            SegmentAccess.putLong(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public float getFloat(long index) {
        try {
            return SegmentAccess.getFloat(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putFloat(long index, float value) {
        try {
            SegmentAccess.putFloat(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public double getDouble(long index) {
        try {
            return SegmentAccess.getDouble(segment, whole, bigEndian, index);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putDouble(long index, double value) {
        try {
            SegmentAccess.putDouble(segment, whole, bigEndian, index, value);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    // ---------------------------------------------------------------------------------------
    // cursor access: at position(), which advances by the size of the value on success

    public byte readByte() {
        byte value = getByte(position);
        position += Byte.BYTES;
        return value;
    }

    public void writeByte(byte value) {
        putByte(position, value);
        position += Byte.BYTES;
    }

    public boolean readBoolean() {
        boolean value = getBoolean(position);
        position += Byte.BYTES;
        return value;
    }

    public void writeBoolean(boolean value) {
        putBoolean(position, value);
        position += Byte.BYTES;
    }

    public short readShort() {
        short value = getShort(position);
        position += Short.BYTES;
        return value;
    }

    public void writeShort(short value) {
        putShort(position, value);
        position += Short.BYTES;
    }

    public char readChar() {
        char value = getChar(position);
        position += Character.BYTES;
        return value;
    }

    public void writeChar(char value) {
        putChar(position, value);
        position += Character.BYTES;
    }

    public int readInt() {
        int value = getInt(position);
        position += Integer.BYTES;
        return value;
    }

    public void writeInt(int value) {
        putInt(position, value);
        position += Integer.BYTES;
    }

    public long readLong() {
        long value = getLong(position);
        position += Long.BYTES;
        return value;
    }

    public void writeLong(long value) {
        putLong(position, value);
        position += Long.BYTES;
    }

    public float readFloat() {
        float value = getFloat(position);
        position += Float.BYTES;
        return value;
    }

    public void writeFloat(float value) {
        putFloat(position, value);
        position += Float.BYTES;
    }

    public double readDouble() {
        double value = getDouble(position);
        position += Double.BYTES;
        return value;
    }

    public void writeDouble(double value) {
        putDouble(position, value);
        position += Double.BYTES;
    }

    /**
     * Reads an int32 element count at the cursor and checks it against the bytes left before anyone
     * allocates from it: the way to read the count of a count-prefixed array in a {@link
     * Marshallable#readFrom}.
     *
     * @param elementSize bytes per element (1 for a byte array or a UTF-8 length)
     * @return the count, 0 or more, whose elements fit between the cursor after it and the {@link
     *     #limit()}
     * @throws CodecException if the count is negative or its elements would run past the limit (the
     *     cursor is then unchanged)
     * @throws IllegalArgumentException if {@code elementSize} is less than 1
     */
    public int readCount(int elementSize) {
        if (elementSize < 1) {
            throw new IllegalArgumentException("elementSize must be at least 1, was " + elementSize);
        }
        long at = position;
        int count = getInt(at);
        long left = limit - at - Integer.BYTES;
        if (count < 0 || (long) count * elementSize > left) {
            throw new CodecException(
                    at, "count " + count + " of " + elementSize + "-byte elements but " + left + " bytes left");
        }
        position = at + Integer.BYTES;
        return count;
    }

    // ---------------------------------------------------------------------------------------
    // bulk positional access: one MemorySegment.copy each in the native byte order; in the other
    // order an element loop that swaps in registers, up to 1024 elements, else one swapping copy (see
    // BulkAccess for the figures). Either way both ranges are checked before any byte is touched: the
    // caller's array range first (a plain IndexOutOfBoundsException), then this buffer's range
    // (BufferBoundsException).

    public void getBytes(long index, byte[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            MemorySegment.copy(segment, BYTE, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putBytes(long index, byte[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            MemorySegment.copy(src, srcIndex, segment, BYTE, index, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    /** Copies {@code length} bytes of {@code src} from {@code srcOffset} to {@code index} here. */
    public void putBytes(long index, MemorySegment src, long srcOffset, long length) {
        Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
        try {
            MemorySegment.copy(src, srcOffset, segment, index, length);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getShorts(long index, short[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getShorts(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putShorts(long index, short[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putShorts(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getChars(long index, char[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getChars(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putChars(long index, char[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putChars(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getInts(long index, int[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getInts(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putInts(long index, int[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putInts(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getLongs(long index, long[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getLongs(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putLongs(long index, long[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putLongs(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getFloats(long index, float[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getFloats(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putFloats(long index, float[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putFloats(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void getDoubles(long index, double[] dst, int dstIndex, int count) {
        Objects.checkFromIndexSize(dstIndex, count, dst.length);
        try {
            BulkAccess.getDoubles(segment, whole, bigEndian, index, dst, dstIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    public void putDoubles(long index, double[] src, int srcIndex, int count) {
        Objects.checkFromIndexSize(srcIndex, count, src.length);
        try {
            BulkAccess.putDoubles(segment, whole, bigEndian, index, src, srcIndex, count);
        } catch (IndexOutOfBoundsException e) {
            throw outOfBounds(e);
        }
    }

    // ---------------------------------------------------------------------------------------
    // bulk cursor access: no length prefix is read or written; the cursor advances by the bytes copied

    public void readBytes(byte[] dst, int dstIndex, int count) {
        getBytes(position, dst, dstIndex, count);
        position += count;
    }

    public void writeBytes(byte[] src, int srcIndex, int count) {
        putBytes(position, src, srcIndex, count);
        position += count;
    }

    public void readShorts(short[] dst, int dstIndex, int count) {
        getShorts(position, dst, dstIndex, count);
        position += (long) count * Short.BYTES;
    }

    public void writeShorts(short[] src, int srcIndex, int count) {
        putShorts(position, src, srcIndex, count);
        position += (long) count * Short.BYTES;
    }

    public void readChars(char[] dst, int dstIndex, int count) {
        getChars(position, dst, dstIndex, count);
        position += (long) count * Character.BYTES;
    }

    public void writeChars(char[] src, int srcIndex, int count) {
        putChars(position, src, srcIndex, count);
        position += (long) count * Character.BYTES;
    }

    public void readInts(int[] dst, int dstIndex, int count) {
        getInts(position, dst, dstIndex, count);
        position += (long) count * Integer.BYTES;
    }

    public void writeInts(int[] src, int srcIndex, int count) {
        putInts(position, src, srcIndex, count);
        position += (long) count * Integer.BYTES;
    }

    public void readLongs(long[] dst, int dstIndex, int count) {
        getLongs(position, dst, dstIndex, count);
        position += (long) count * Long.BYTES;
    }

    public void writeLongs(long[] src, int srcIndex, int count) {
        putLongs(position, src, srcIndex, count);
        position += (long) count * Long.BYTES;
    }

    public void readFloats(float[] dst, int dstIndex, int count) {
        getFloats(position, dst, dstIndex, count);
        position += (long) count * Float.BYTES;
    }

    public void writeFloats(float[] src, int srcIndex, int count) {
        putFloats(position, src, srcIndex, count);
        position += (long) count * Float.BYTES;
    }

    public void readDoubles(double[] dst, int dstIndex, int count) {
        getDoubles(position, dst, dstIndex, count);
        position += (long) count * Double.BYTES;
    }

    public void writeDoubles(double[] src, int srcIndex, int count) {
        putDoubles(position, src, srcIndex, count);
        position += (long) count * Double.BYTES;
    }

    @Override
    public String toString() {
        return "CodecBuffer[capacity=" + capacity() + ", position=" + position + ", order=" + order() + "]";
    }
}
