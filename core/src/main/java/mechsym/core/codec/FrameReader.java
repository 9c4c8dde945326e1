package mechsym.core.codec;

import static mechsym.core.codec.FrameDescriptor.BODY_LENGTH_OFFSET;
import static mechsym.core.codec.FrameDescriptor.HEADER_LENGTH;
import static mechsym.core.codec.FrameDescriptor.MAGIC;
import static mechsym.core.codec.FrameDescriptor.MAGIC_OFFSET;
import static mechsym.core.codec.FrameDescriptor.TYPE_ID_OFFSET;
import static mechsym.core.codec.FrameDescriptor.VERSION_OFFSET;

import java.util.Objects;

/**
 * Reads frames (see {@link FrameDescriptor}) from a {@link CodecBuffer}, from its cursor up to an end
 * offset. Each {@link #next()} moves to the following frame, skipping by its length whatever was not
 * read of the previous one: a reader that does not know a type id simply calls {@code next()} again.
 *
 * <pre>{@code
 * FrameReader reader = new FrameReader(buffer, end, 1 << 20);
 * while (reader.next()) {
 *     switch (reader.typeId()) {
 *         case Order.TYPE_ID -> reader.read(order);   // bounded: throws if it reads past the body
 *         default -> {}                              // unknown: skipped by length
 *     }
 * }
 * }</pre>
 *
 * <p><b>Hostile input.</b> Every header is checked before it is trusted: the magic, a body length
 * that is not negative, not above the reader's maximum and not beyond the end. Bad input throws
 * {@link CodecException} naming the offset of the frame and the reason, and nothing else; the reader
 * never allocates, so a hostile length cannot make it allocate. After an exception the reader can be
 * moved on with {@link #reset(long)}.
 *
 * <p>No allocation. Not thread-safe: one thread at a time.
 */
public final class FrameReader {
    private final CodecBuffer buffer;
    private final long end;
    private final int maxBodyLength;
    private long nextOffset;
    private long frameOffset = -1;
    private int typeId;
    private int version;
    private int bodyLength;

    /** Reads from the cursor of {@code buffer} to its capacity, with no body length limit but the end. */
    public FrameReader(CodecBuffer buffer) {
        this(buffer, buffer.capacity(), Integer.MAX_VALUE);
    }

    /**
     * Reads from the cursor of {@code buffer} to {@code end}.
     *
     * @param maxBodyLength the longest body accepted; longer ones are reported as corrupt
     * @throws IndexOutOfBoundsException if {@code end} is before the cursor or beyond the capacity
     * @throws IllegalArgumentException if {@code maxBodyLength} is negative
     */
    public FrameReader(CodecBuffer buffer, long end, int maxBodyLength) {
        this.buffer = Objects.requireNonNull(buffer, "buffer");
        if (end < buffer.position() || end > buffer.capacity()) {
            throw new IndexOutOfBoundsException(
                    "end " + end + " outside [" + buffer.position() + ", " + buffer.capacity() + "]");
        }
        if (maxBodyLength < 0) {
            throw new IllegalArgumentException("maxBodyLength " + maxBodyLength);
        }
        this.end = end;
        this.maxBodyLength = maxBodyLength;
        this.nextOffset = buffer.position();
    }

    /**
     * Moves to the next frame and leaves the buffer's cursor at its body.
     *
     * @return false at the end (the cursor is then at the end)
     * @throws CodecException if the bytes at the next frame's offset are not a trustworthy header
     */
    public boolean next() {
        long offset = nextOffset;
        frameOffset = -1;
        if (offset == end) {
            buffer.position(offset);
            return false;
        }
        String problem = headerProblem(buffer, offset, end, maxBodyLength);
        if (problem != null) {
            throw new CodecException(offset, problem);
        }
        frameOffset = offset;
        version = buffer.getShort(offset + VERSION_OFFSET) & 0xFFFF;
        typeId = buffer.getInt(offset + TYPE_ID_OFFSET);
        bodyLength = buffer.getInt(offset + BODY_LENGTH_OFFSET);
        nextOffset = offset + HEADER_LENGTH + bodyLength;
        buffer.position(offset + HEADER_LENGTH);
        return true;
    }

    /**
     * Whether the header at {@code offset} can be trusted: at least a header's worth of bytes before
     * {@code end}, the right magic, and a body length between 0, {@code maxBodyLength} and the bytes
     * left. Allocates nothing: cheap enough to scan for the next frame byte by byte.
     */
    public static boolean trustworthyHeader(CodecBuffer buffer, long offset, long end, int maxBodyLength) {
        if (offset < 0 || end - offset < HEADER_LENGTH) {
            return false;
        }
        if (buffer.getShort(offset + MAGIC_OFFSET) != MAGIC) {
            return false;
        }
        int length = buffer.getInt(offset + BODY_LENGTH_OFFSET);
        return length >= 0 && length <= maxBodyLength && length <= end - offset - HEADER_LENGTH;
    }

    /**
     * Why the header at {@code offset} cannot be trusted (see {@link #trustworthyHeader}), or null if
     * it can. Allocates only when it finds a problem (the message).
     */
    public static String headerProblem(CodecBuffer buffer, long offset, long end, int maxBodyLength) {
        if (trustworthyHeader(buffer, offset, end, maxBodyLength)) {
            return null;
        }
        long left = end - offset;
        if (left < HEADER_LENGTH) {
            return "truncated header: " + left + " bytes left, a header takes " + HEADER_LENGTH;
        }
        short magic = buffer.getShort(offset + MAGIC_OFFSET);
        if (magic != MAGIC) {
            return magic == Short.reverseBytes(MAGIC)
                    ? "magic in the other byte order: the data is not " + buffer.order()
                    : String.format("bad magic 0x%04X (expected 0x%04X): not the start of a frame", magic, MAGIC);
        }
        int length = buffer.getInt(offset + BODY_LENGTH_OFFSET);
        if (length < 0) {
            return "negative body length " + length;
        }
        if (length > maxBodyLength) {
            return "body length " + length + " exceeds the maximum " + maxBodyLength;
        }
        return "truncated frame: body length " + length + " but " + (left - HEADER_LENGTH) + " bytes left";
    }

    /**
     * Reads the current frame's body into {@code message} and moves the cursor to the end of the
     * body, whatever {@code readFrom} consumed (fields a newer writer appended are skipped). While
     * {@code readFrom} runs, the buffer's {@link CodecBuffer#limit()} is the end of the body, so a
     * count read with {@link CodecBuffer#readCount} can never exceed what the body holds.
     *
     * @throws CodecException if {@code readFrom} reads past the body or past the buffer (a {@link
     *     BufferBoundsException} for this reader's buffer), or throws {@code CodecException} itself;
     *     any other exception from {@code readFrom}, an {@link IndexOutOfBoundsException} of its own
     *     code included, passes through unchanged
     * @throws IllegalStateException if there is no current frame
     */
    public void read(Marshallable message) {
        requireFrame();
        long bodyOffset = frameOffset + HEADER_LENGTH;
        long limit = buffer.limit();
        buffer.limit(nextOffset); // counts read with readCount are bounded by the body
        try {
            message.readFrom(buffer);
        } catch (BufferBoundsException e) {
            if (!e.isFor(buffer)) {
                throw e;
            }
            throw new CodecException(bodyOffset, "body of type " + typeId + " ends early: " + e.getMessage());
        } finally {
            buffer.limit(limit);
        }
        if (buffer.position() > nextOffset) {
            throw new CodecException(
                    bodyOffset,
                    "type " + typeId + " version " + version + " read " + (buffer.position() - bodyOffset)
                            + " bytes from a body of " + bodyLength);
        }
        buffer.position(nextOffset);
    }

    /** Forgets the current frame; the next {@link #next()} reads a header at {@code offset}. */
    public void reset(long offset) {
        if (offset < 0 || offset > end) {
            throw new IndexOutOfBoundsException("offset " + offset + " outside [0, " + end + "]");
        }
        frameOffset = -1;
        nextOffset = offset;
    }

    /** Offset of the current frame's header, or -1 if there is none. */
    public long frameOffset() {
        return frameOffset;
    }

    /**
     * Offset of the current frame's body.
     *
     * @throws IllegalStateException if there is no current frame (before {@link #next()}, after it
     *     answered false or threw, after {@link #reset})
     */
    public long bodyOffset() {
        requireFrame();
        return frameOffset + HEADER_LENGTH;
    }

    /** Offset just after the current frame, where the next one starts. */
    public long nextOffset() {
        return nextOffset;
    }

    /** The end offset this reader stops at. */
    public long end() {
        return end;
    }

    /**
     * Type id of the current frame.
     *
     * @throws IllegalStateException if there is no current frame
     */
    public int typeId() {
        requireFrame();
        return typeId;
    }

    /**
     * Version of the current frame, 0 to 65535.
     *
     * @throws IllegalStateException if there is no current frame
     */
    public int version() {
        requireFrame();
        return version;
    }

    /**
     * Body length of the current frame, in bytes.
     *
     * @throws IllegalStateException if there is no current frame
     */
    public int bodyLength() {
        requireFrame();
        return bodyLength;
    }

    // the header fields of a frame that is gone would describe it as if it were current
    private void requireFrame() {
        if (frameOffset < 0) {
            throw new IllegalStateException("no current frame: call next() first");
        }
    }

    /** The buffer being read. */
    public CodecBuffer buffer() {
        return buffer;
    }
}
