package mechsym.core.codec;

import static mechsym.core.codec.SegmentAccess.BYTE;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * A decode-in-place window onto one fixed-layout message in a {@link CodecBuffer}: extend it with
 * one small accessor per field that calls a {@code protected final} getter or setter here with the
 * field's constant offset, {@link #wrap(CodecBuffer, long)} it at a message, then read (or write)
 * the fields where they lie. Nothing is copied and nothing is allocated: not by {@code wrap}, not by
 * any get or put. The layout of an extension is best drawn in its Javadoc, as {@link
 * FrameDescriptor} does:
 *
 * <pre>{@code
 * final class OrderFlyweight extends CodecFlyweight {
 *     static final int SOURCE_ID_OFFSET = 0, PRICE_OFFSET = 8, LENGTH = 16;
 *     OrderFlyweight() { super(LENGTH); }
 *     long sourceId() { return getLong(SOURCE_ID_OFFSET); }
 *     double price() { return getDouble(PRICE_OFFSET); }
 * }
 * OrderFlyweight order = new OrderFlyweight();        // one per thread, reused for every message
 * order.wrap(buffer, offset);                          // throws CodecException if it is truncated
 * long id = order.sourceId();
 * }</pre>
 *
 * <p><b>Bounds.</b> Checked once, at wrap: {@code wrap} throws {@link CodecException} carrying the
 * message's offset unless all {@link #encodedLength()} bytes of the message lie inside the buffer
 * (or inside the body given to {@link #wrap(CodecBuffer, long, long)}); an extension adds its own
 * content checks (a count that must match the layout) by overriding {@code wrap} and calling this
 * one first. After a successful wrap, an accessor at a field offset inside {@code [0,
 * encodedLength())} cannot fail for bounds. A bulk accessor also checks its range against the
 * wrapped message (the layout's {@link #encodedLength()} bytes, or the body given to the
 * three-argument {@code wrap}) and throws {@link IndexOutOfBoundsException} outside it, so a count
 * read from the message can never copy bytes that follow it. Every access is still checked against the
 * buffer (the array's range check, or the FFM API's check against the segment), so an accessor given a wrong offset throws {@link IndexOutOfBoundsException} (or reads
 * the neighbouring bytes of the same buffer) and can never crash the JVM. Before the first wrap,
 * and after a failed one, every access throws {@code IndexOutOfBoundsException}.
 *
 * <p><b>Byte order.</b> That of the wrapped buffer, taken at wrap time; multi-byte values and bulk
 * copies are swapped when it differs from the native order (bulk arrays of up to 1024 elements then
 * element by element, as in {@link CodecBuffer}).
 *
 * <p><b>Lifetime.</b> The flyweight holds the buffer's segment as it was at wrap: it stays valid as
 * long as that segment is (its arena open, its array or {@code ByteBuffer} alive), and sees every
 * later change to the bytes, which is the point. Re-pointing the buffer with {@link
 * CodecBuffer#wrap(MemorySegment)} does not move the flyweight: wrap it again. An access after the
 * segment's arena is closed throws {@link IllegalStateException}.
 *
 * <p><b>Thread safety.</b> None: a flyweight is mutable and meant for one thread; give each thread
 * its own. Accesses are plain loads and stores with no ordering guarantee: publish the bytes by a
 * happens-before edge of your own, as with {@link CodecBuffer}.
 *
 * <p><b>Speed.</b> Each accessor compiles to one (possibly byte-swapping) load or store with a
 * constant layout plus a bounds check, whichever orders the program uses: over a whole writable
 * {@code byte[]} an {@code int} range check on the array, which C2 merges across the fields of a
 * message, else the segment's {@code long} bounds check; and is small
 * enough for C2 to inline wherever it is called (see {@code SegmentAccess}); keep the extension's
 * own accessors as small (one call with a constant offset). A call site that sees both heap and
 * native segments works but runs slower than one that sees a single kind (see {@link
 * CodecBuffer}).
 */
public abstract class CodecFlyweight {
    private final int encodedLength;
    /** The wrapped segment; before the first wrap an empty one, so every access is refused. */
    private MemorySegment segment = MemorySegment.NULL;

    private long offset;
    /** Bytes of the wrapped message from {@link #offset}: the layout's, or the body's; what bulk accesses may touch. */
    private long messageLength;

    private boolean bigEndian;

    /**
     * The buffer's array when it is a whole writable {@code byte[]} and the message's bytes have
     * {@code int} indexes in it, else null: then the scalar accessors go through byte-array view
     * handles at {@link #arrayIndex}, whose {@code int} range checks C2 merges across the fields of
     * a message, as {@link CodecBuffer} does (see {@code ArrayAccess}); through the segment each
     * access keeps its own {@code long} bounds check.
     */
    private byte[] array;

    /** Index in {@link #array} of the message's first byte; unused when it is null. */
    private int arrayIndex;

    /**
     * @param encodedLength the message's fixed length in bytes: every field offset plus its size is
     *     at most this
     * @throws IllegalArgumentException if {@code encodedLength} is negative
     */
    protected CodecFlyweight(int encodedLength) {
        if (encodedLength < 0) {
            throw new IllegalArgumentException("encodedLength " + encodedLength);
        }
        this.encodedLength = encodedLength;
    }

    /** The message's fixed length in bytes, checked at every wrap. */
    public final int encodedLength() {
        return encodedLength;
    }

    /** Offset in the buffer of the wrapped message's first byte (0 before the first wrap). */
    public final long offset() {
        return offset;
    }

    /** The byte order of the wrapped buffer (native before the first wrap). */
    public final ByteOrder order() {
        return segment == MemorySegment.NULL
                ? ByteOrder.nativeOrder()
                : bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    /**
     * Points this flyweight at the message at {@code offset} of {@code buffer}, after checking that
     * all {@link #encodedLength()} bytes of it lie in the buffer. Extensions that check content
     * override it, call it first, and return themselves. The buffer's cursor and limit are not used
     * or moved.
     *
     * @return this
     * @throws CodecException with {@code offset} if the message is truncated: fewer than {@link
     *     #encodedLength()} bytes from {@code offset} to the buffer's capacity; the flyweight is then
     *     unwrapped (every access throws)
     * @throws IndexOutOfBoundsException if {@code offset} is negative
     */
    public CodecFlyweight wrap(CodecBuffer buffer, long offset) {
        MemorySegment wrapped = buffer.segment();
        check(offset, wrapped.byteSize() - offset, "the buffer has");
        point(wrapped, buffer.whole(), offset, encodedLength, buffer.order() == ByteOrder.BIG_ENDIAN);
        return this;
    }

    /**
     * As {@link #wrap(CodecBuffer, long)} for a message in a body of {@code length} bytes (a frame's
     * body: {@code wrap(reader.buffer(), reader.bodyOffset(), reader.bodyLength())}): the body must
     * hold at least {@link #encodedLength()} bytes and lie in the buffer; bytes after the layout (a
     * newer writer's appended fields) are allowed and ignored.
     *
     * @return this
     * @throws CodecException with {@code offset} if the body is shorter than the layout or runs past
     *     the buffer's capacity
     * @throws IndexOutOfBoundsException if {@code offset} or {@code length} is negative
     */
    public CodecFlyweight wrap(CodecBuffer buffer, long offset, long length) {
        MemorySegment wrapped = buffer.segment();
        if (length < 0) {
            throw new IndexOutOfBoundsException("length " + length);
        }
        if (offset >= 0 && length > wrapped.byteSize() - offset) {
            unwrap();
            throw new CodecException(
                    offset,
                    offset > wrapped.byteSize()
                            ? "body starts past the buffer's end (" + wrapped.byteSize() + " bytes)"
                            : "body of " + length + " bytes runs past the buffer: " + (wrapped.byteSize() - offset)
                                    + " bytes from there to its end");
        }
        check(offset, length, "the body has");
        point(wrapped, buffer.whole(), offset, length, buffer.order() == ByteOrder.BIG_ENDIAN);
        return this;
    }

    private void check(long at, long available, String where) {
        if (at < 0) {
            unwrap();
            throw new IndexOutOfBoundsException("offset " + at);
        }
        if (available < encodedLength) {
            unwrap();
            throw truncated(at, available, where);
        }
    }

    // cold path out of line, so wrap stays small enough to inline everywhere
    private CodecException truncated(long at, long available, String where) {
        return new CodecException(
                at,
                "truncated " + messageName() + ": the layout takes " + encodedLength + " bytes, " + where + " "
                        + Math.max(available, 0) + " from there");
    }

    private void point(MemorySegment wrapped, byte[] whole, long at, long length, boolean big) {
        boolean intIndexes = at + Math.max(length, encodedLength) <= Integer.MAX_VALUE;
        this.array = intIndexes ? whole : null;
        this.arrayIndex = (int) at;
        this.segment = wrapped;
        this.offset = at;
        this.messageLength = length;
        this.bigEndian = big;
    }

    /** The name error messages give the message: the class's simple name unless overridden. */
    protected String messageName() {
        return getClass().getSimpleName();
    }

    /**
     * Forgets the wrapped message: every access throws {@link IndexOutOfBoundsException} until the
     * next wrap, and the flyweight no longer keeps the buffer's memory reachable.
     */
    public final void unwrap() {
        point(MemorySegment.NULL, null, 0, 0, false);
    }

    /**
     * Unwraps and returns (for the caller to throw) a {@link CodecException} at the field's offset in
     * the buffer with {@code reason}: for the content checks of an overriding {@code wrap}, such as a
     * count that does not match the layout.
     */
    protected final CodecException invalid(int fieldOffset, String reason) {
        long at = offset + fieldOffset;
        unwrap();
        return new CodecException(at, messageName() + ": " + reason);
    }

    // ---------------------------------------------------------------------------------------
    // accessors: fieldOffset is the field's byte offset in the message, a constant of the layout

    protected final byte getByte(int fieldOffset) {
        final byte[] a = array;
        return a != null ? a[arrayIndex + fieldOffset] : segment.get(BYTE, offset + fieldOffset);
    }

    protected final void putByte(int fieldOffset, byte value) {
        final byte[] a = array;
        if (a != null) {
            a[arrayIndex + fieldOffset] = value;
        } else {
            segment.set(BYTE, offset + fieldOffset, value);
        }
    }

    /** Reads one byte: zero is false, anything else true. */
    protected final boolean getBoolean(int fieldOffset) {
        return getByte(fieldOffset) != 0;
    }

    /** Writes one byte: 1 for true, 0 for false. */
    protected final void putBoolean(int fieldOffset, boolean value) {
        putByte(fieldOffset, value ? (byte) 1 : (byte) 0);
    }

    protected final short getShort(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getShort(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getShort(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putShort(int fieldOffset, short value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putShort(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putShort(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    protected final char getChar(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getChar(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getChar(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putChar(int fieldOffset, char value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putChar(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putChar(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    protected final int getInt(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getInt(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getInt(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putInt(int fieldOffset, int value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putInt(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putInt(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    protected final long getLong(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getLong(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getLong(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putLong(int fieldOffset, long value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putLong(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putLong(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    protected final float getFloat(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getFloat(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getFloat(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putFloat(int fieldOffset, float value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putFloat(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putFloat(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    protected final double getDouble(int fieldOffset) {
        final byte[] a = array;
        return a != null
                ? ArrayAccess.getDouble(a, bigEndian, arrayIndex + fieldOffset)
                : SegmentAccess.getDouble(segment, bigEndian, offset + fieldOffset);
    }

    protected final void putDouble(int fieldOffset, double value) {
        final byte[] a = array;
        if (a != null) {
            ArrayAccess.putDouble(a, bigEndian, arrayIndex + fieldOffset, value);
        } else {
            SegmentAccess.putDouble(segment, bigEndian, offset + fieldOffset, value);
        }
    }

    // ---------------------------------------------------------------------------------------
    // bulk: as CodecBuffer's (see BulkAccess): one MemorySegment.copy each in the native order, an
    // element loop in the other; an array range outside the array throws IndexOutOfBoundsException.
    // The range is checked against the wrapped message first, not only against the buffer: a count
    // read from a message must not copy the bytes of whatever follows it (the next frame).

    /** Throws unless {@code count} elements of {@code size} bytes at {@code fieldOffset} lie in the message. */
    private void requireInMessage(int fieldOffset, int count, int size) {
        if (fieldOffset < 0 || count < 0 || (long) count * size > messageLength - fieldOffset) {
            throw outsideMessage(fieldOffset, count, size);
        }
    }

    // cold path out of line, so the bulk accessors stay small
    private IndexOutOfBoundsException outsideMessage(int fieldOffset, int count, int size) {
        return new IndexOutOfBoundsException(count + " elements of " + size + " bytes at field offset " + fieldOffset
                + " leave the " + messageLength + "-byte " + messageName() + " at " + offset);
    }

    protected final void getBytes(int fieldOffset, byte[] dst, int dstIndex, int count) {
        requireInMessage(fieldOffset, count, Byte.BYTES);
        MemorySegment.copy(segment, BYTE, offset + fieldOffset, dst, dstIndex, count);
    }

    protected final void putBytes(int fieldOffset, byte[] src, int srcIndex, int count) {
        requireInMessage(fieldOffset, count, Byte.BYTES);
        MemorySegment.copy(src, srcIndex, segment, BYTE, offset + fieldOffset, count);
    }

    protected final void getInts(int fieldOffset, int[] dst, int dstIndex, int count) {
        requireInMessage(fieldOffset, count, Integer.BYTES);
        BulkAccess.getInts(segment, array, bigEndian, offset + fieldOffset, dst, dstIndex, count);
    }

    protected final void putInts(int fieldOffset, int[] src, int srcIndex, int count) {
        requireInMessage(fieldOffset, count, Integer.BYTES);
        BulkAccess.putInts(segment, array, bigEndian, offset + fieldOffset, src, srcIndex, count);
    }

    protected final void getLongs(int fieldOffset, long[] dst, int dstIndex, int count) {
        requireInMessage(fieldOffset, count, Long.BYTES);
        BulkAccess.getLongs(segment, array, bigEndian, offset + fieldOffset, dst, dstIndex, count);
    }

    protected final void putLongs(int fieldOffset, long[] src, int srcIndex, int count) {
        requireInMessage(fieldOffset, count, Long.BYTES);
        BulkAccess.putLongs(segment, array, bigEndian, offset + fieldOffset, src, srcIndex, count);
    }

    protected final void getDoubles(int fieldOffset, double[] dst, int dstIndex, int count) {
        requireInMessage(fieldOffset, count, Double.BYTES);
        BulkAccess.getDoubles(segment, array, bigEndian, offset + fieldOffset, dst, dstIndex, count);
    }

    protected final void putDoubles(int fieldOffset, double[] src, int srcIndex, int count) {
        requireInMessage(fieldOffset, count, Double.BYTES);
        BulkAccess.putDoubles(segment, array, bigEndian, offset + fieldOffset, src, srcIndex, count);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[offset=" + offset + ", length=" + encodedLength + ", order=" + order()
                + "]";
    }
}
