package mechsym.core.memory;

/**
 * A handle to a fixed-length {@code bytes} or {@code ascii} field. Values shorter than the field
 * are padded with zero bytes; reading as text stops at the first zero byte. Only {@link
 * #getString} allocates (the returned string); copying into a caller's array and comparing do not.
 * Immutable and thread-safe; see {@link FieldHandle} for bounds and {@link Flyweight} for
 * threading.
 */
public sealed interface BytesField extends FieldHandle permits BytesHandle {
    /** The field's length in bytes. */
    int length();

    /**
     * Copies the field into {@code destination[0, length())}.
     *
     * @throws IndexOutOfBoundsException if {@code destination} is shorter than the field
     */
    void get(Flyweight record, byte[] destination);

    /** The byte at {@code i} (0 to {@code length() - 1}) of the field. */
    byte getByte(Flyweight record, int i);

    /**
     * Stores {@code value} and zero-pads the rest of the field.
     *
     * <p>For an ASCII field a zero byte can only start the padding, since {@link #getString} stops
     * at the first one: zero bytes are accepted at the end of {@code value} (as {@link #get} returns
     * a shorter value, padding included) and refused before a non-zero byte, which would be cut off
     * when read back as text.
     *
     * @throws IllegalArgumentException if {@code value} is longer than the field, or, for an ASCII
     *     field, holds a byte outside 0 to 127 or a zero byte followed by a non-zero one; nothing is
     *     written then
     */
    void set(Flyweight record, byte[] value);

    /**
     * Stores the characters of {@code text} as bytes and zero-pads the rest; allocates nothing.
     *
     * @throws IllegalArgumentException if {@code text} is longer than the field or has a character
     *     outside 1 to 127; nothing is written then
     */
    void setString(Flyweight record, CharSequence text);

    /** The field as text up to its first zero byte, each byte one character (ISO-8859-1). */
    String getString(Flyweight record);

    /** Whether the field holds exactly {@code text} (then zero padding); allocates nothing. */
    boolean contentEquals(Flyweight record, CharSequence text);
}
