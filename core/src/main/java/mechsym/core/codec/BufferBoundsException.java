package mechsym.core.codec;

import java.util.Objects;

/**
 * An access to a {@link CodecBuffer} that would touch a byte outside {@code [0, capacity())}, or a
 * cursor move outside it: what every bounds check of the buffer throws, and what {@link FrameWriter}
 * takes to mean "the frame does not fit" (and {@link FrameReader} "the body ends early") when it
 * comes from the buffer they write or read. Any other {@link IndexOutOfBoundsException}, from the
 * caller's own code, passes through them unchanged.
 *
 * <p>A {@link Marshallable} that finds by itself that its body will not fit (say, a string that
 * {@link Utf8#encodeWithLength} could not write) throws one for the buffer it was given, so that a
 * writer treats it as any other overflow.
 *
 * <p>Immutable after construction; the buffer it names is not serialised with it.
 */
public final class BufferBoundsException extends IndexOutOfBoundsException {
    private static final long serialVersionUID = 1L;

    private final transient CodecBuffer buffer;

    /**
     * @param buffer the buffer whose bounds the access would cross
     * @param message what did not fit, and where
     */
    public BufferBoundsException(CodecBuffer buffer, String message) {
        super(message);
        this.buffer = Objects.requireNonNull(buffer, "buffer");
    }

    BufferBoundsException(CodecBuffer buffer, IndexOutOfBoundsException cause) {
        this(buffer, cause.getMessage());
        initCause(cause);
    }

    /** Whether this was thrown for {@code candidate} (false once deserialised). */
    public boolean isFor(CodecBuffer candidate) {
        return buffer == candidate;
    }
}
