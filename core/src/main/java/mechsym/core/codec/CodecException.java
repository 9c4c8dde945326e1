package mechsym.core.codec;

/**
 * Input that cannot be decoded: a bad frame header, a length that does not fit, a body that does
 * not match its schema. It is the only exception the decoding classes of this package throw for bad
 * <em>input</em> (programming errors such as a null argument still throw the usual runtime
 * exceptions), and it always carries the byte offset, in the buffer being read, of the first byte
 * that could not be trusted.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class CodecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long offset;
    private final String reason;

    /**
     * @param offset byte offset of the bad input in the buffer being read
     * @param reason what is wrong, in words, without the offset
     */
    public CodecException(long offset, String reason) {
        super("offset " + offset + ": " + reason);
        this.offset = offset;
        this.reason = reason;
    }

    /** Byte offset of the bad input in the buffer being read. */
    public long offset() {
        return offset;
    }

    /** What is wrong, without the offset. */
    public String reason() {
        return reason;
    }
}
