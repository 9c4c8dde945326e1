package mechsym.core.codec;

import static mechsym.core.codec.FrameDescriptor.BODY_LENGTH_OFFSET;
import static mechsym.core.codec.FrameDescriptor.HEADER_LENGTH;
import static mechsym.core.codec.FrameDescriptor.MAGIC;
import static mechsym.core.codec.FrameDescriptor.MAGIC_OFFSET;
import static mechsym.core.codec.FrameDescriptor.MAX_VERSION;
import static mechsym.core.codec.FrameDescriptor.TYPE_ID_OFFSET;
import static mechsym.core.codec.FrameDescriptor.VERSION_OFFSET;

import java.util.Objects;

/**
 * Writes frames (see {@link FrameDescriptor}) at the cursor of a {@link CodecBuffer}: either a whole
 * {@link Marshallable} with {@link #write(Marshallable)}, or a body written by hand between {@link
 * #begin(int, int)} and {@link #end()}, which fills in the body length afterwards.
 *
 * <p>All or nothing: {@link #write(Marshallable)} returns -1 when the frame does not fit and leaves
 * the cursor where the frame would have started (bytes after it may have been overwritten). No
 * allocation. Not thread-safe: one writer per buffer, used by one thread at a time.
 */
public final class FrameWriter {
    private final CodecBuffer buffer;
    private long frameStart = -1;

    public FrameWriter(CodecBuffer buffer) {
        this.buffer = Objects.requireNonNull(buffer, "buffer");
    }

    /** The buffer frames are written to. */
    public CodecBuffer buffer() {
        return buffer;
    }

    /**
     * Writes one frame holding {@code message}.
     *
     * @return the length of the frame (header and body) in bytes, or -1 if it does not fit (a
     *     {@link BufferBoundsException} for this writer's buffer, from the buffer's own bounds checks
     *     or thrown by {@code writeTo} for it, is taken to mean that), in which case the cursor is
     *     unchanged
     * @throws IllegalArgumentException if the message's version is outside 0..65535
     * @throws IllegalStateException if a frame was begun and not ended
     * @throws RuntimeException whatever else {@code writeTo} throws, an {@link
     *     IndexOutOfBoundsException} of its own code included, with the frame abandoned and the
     *     cursor back where it was, so that the writer can go on
     */
    public int write(Marshallable message) {
        long start = buffer.position();
        try {
            begin(message.typeId(), message.version());
        } catch (BufferBoundsException overflow) {
            buffer.position(start); // nothing was begun
            return -1;
        }
        try {
            message.writeTo(buffer);
            return end();
        } catch (BufferBoundsException overflow) {
            abandon(start);
            if (overflow.isFor(buffer)) {
                return -1;
            }
            throw overflow;
        } catch (RuntimeException | Error e) {
            abandon(start);
            throw e;
        }
    }

    private void abandon(long start) {
        frameStart = -1;
        buffer.position(start);
    }

    /**
     * Writes a header with a zero body length at the cursor and leaves the cursor at the body.
     *
     * @throws BufferBoundsException if the header does not fit (nothing is then begun)
     * @throws IllegalArgumentException if {@code version} is outside 0..65535
     * @throws IllegalStateException if a frame was begun and not ended
     */
    public void begin(int typeId, int version) {
        if (version < 0 || version > MAX_VERSION) {
            throw new IllegalArgumentException("version " + version + " outside 0.." + MAX_VERSION);
        }
        if (frameStart >= 0) {
            throw new IllegalStateException("frame at " + frameStart + " was begun and not ended");
        }
        long start = buffer.position();
        buffer.putInt(start + BODY_LENGTH_OFFSET, 0); // the furthest header byte: checks the room first
        buffer.putShort(start + MAGIC_OFFSET, MAGIC);
        buffer.putShort(start + VERSION_OFFSET, (short) version);
        buffer.putInt(start + TYPE_ID_OFFSET, typeId);
        buffer.position(start + HEADER_LENGTH);
        frameStart = start;
    }

    /**
     * Ends the frame begun by {@link #begin}: the body is everything between the header and the
     * cursor.
     *
     * @return the length of the frame (header and body)
     * @throws IllegalStateException if no frame was begun, or the cursor is before the body (the
     *     frame then stays begun)
     * @throws IllegalArgumentException if the frame (header and body) would be longer than {@link
     *     Integer#MAX_VALUE}
     */
    public int end() {
        if (frameStart < 0) {
            throw new IllegalStateException("no frame was begun");
        }
        long bodyLength = buffer.position() - frameStart - HEADER_LENGTH;
        if (bodyLength < 0) { // the frame stays begun: move the cursor to the body's end and end again
            throw new IllegalStateException("cursor " + buffer.position() + " is before the body at "
                    + (frameStart + HEADER_LENGTH) + " of the frame at " + frameStart);
        }
        if (bodyLength > Integer.MAX_VALUE - HEADER_LENGTH) {
            throw new IllegalArgumentException("body length " + bodyLength + " of frame at " + frameStart);
        }
        buffer.putInt(frameStart + BODY_LENGTH_OFFSET, (int) bodyLength);
        frameStart = -1;
        return (int) bodyLength + HEADER_LENGTH;
    }
}
