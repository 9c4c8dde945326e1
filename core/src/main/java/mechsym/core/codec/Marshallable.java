package mechsym.core.codec;

/**
 * An object that writes its state as a message body to a {@link CodecBuffer} and reads it back:
 * the "Marshallable interface" the serialisation post wished Java had.
 *
 * <p>The contract: {@link #writeTo} writes the body at the buffer's cursor and advances it;
 * {@link #readFrom} reads a body written by {@code writeTo} of the same {@link #typeId()} and
 * {@link #version()} at the cursor, advances the cursor past it, and replaces this object's state
 * (so one instance can be reused as a flyweight: reading allocates only what the state itself needs,
 * e.g. nothing if arrays are reused). Neither method writes a header: {@link FrameWriter} and {@link
 * FrameReader} frame bodies with the type id, version and length.
 *
 * <p>Bounds: a body that does not fit throws {@link BufferBoundsException} from the buffer (a
 * {@code writeTo} that finds by itself that a part will not fit throws one for its buffer);
 * {@code readFrom} should throw {@link CodecException} for a body it finds invalid (say, a count
 * larger than what the body can hold), never allocate from an unchecked length. Implementations are
 * in general not thread-safe.
 */
public interface Marshallable {
    /** The type id written in the frame header; a reader dispatches on it. */
    int typeId();

    /** The version of the body layout, 0 to 65535, written in the frame header. */
    int version();

    /** Writes the body at the cursor of {@code buffer}, advancing it. */
    void writeTo(CodecBuffer buffer);

    /** Reads a body at the cursor of {@code buffer} into this object, advancing the cursor. */
    void readFrom(CodecBuffer buffer);
}
