package mechsym.core.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A handle to a fixed-length {@code bytes} or {@code ascii} field. Values shorter than the field
 * are padded with zero bytes; reading as text stops at the first zero byte. Only {@link
 * #getString} allocates (the returned string); copying into a caller's array and comparing do not.
 * Immutable and thread-safe; see {@link FieldHandle} for bounds and {@link Flyweight} for
 * threading.
 */
public final class BytesField extends FieldHandle {
    private final boolean ascii;

    BytesField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
        this.ascii = descriptor.type() == FieldType.ASCII;
    }

    /** The field's length in bytes. */
    public int length() {
        return (int) size;
    }

    /**
     * Copies the field into {@code destination[0, length())}.
     *
     * @throws IndexOutOfBoundsException if {@code destination} is shorter than the field
     */
    public void get(Flyweight record, byte[] destination) {
        MemorySegment.copy(segment(record), ValueLayout.JAVA_BYTE, at(record), destination, 0, (int) size);
    }

    /** The byte at {@code i} (0 to {@code length() - 1}) of the field. */
    public byte getByte(Flyweight record, int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("byte " + i + " out of bounds for field " + this);
        }
        return segment(record).get(ValueLayout.JAVA_BYTE, at(record) + i);
    }

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
    public void set(Flyweight record, byte[] value) {
        if (value.length > size) {
            throw new IllegalArgumentException(
                    value.length + " bytes do not fit field " + this + " of " + size + " bytes");
        }
        if (ascii) {
            requireAsciiText(value);
        }
        MemorySegment segment = segment(record);
        long at = at(record);
        MemorySegment.copy(value, 0, segment, ValueLayout.JAVA_BYTE, at, value.length);
        // byte stores, not asSlice(...).fill: a slice is a new segment object, and this class allocates
        // nothing but getString's String
        for (long i = at + value.length, end = at + size; i < end; i++) {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte) 0);
        }
    }

    /**
     * Stores the characters of {@code text} as bytes and zero-pads the rest; allocates nothing.
     *
     * @throws IllegalArgumentException if {@code text} is longer than the field or has a character
     *     outside 1 to 127; nothing is written then
     */
    public void setString(Flyweight record, CharSequence text) {
        int length = text.length();
        if (length > size) {
            throw new IllegalArgumentException(
                    "'" + text + "' (" + length + " chars) does not fit field " + this + " of " + size + " bytes");
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == 0 || c > 127) {
                throw new IllegalArgumentException(
                        "character " + i + " of '" + text + "' is not ASCII 1-127 for field " + this);
            }
        }
        MemorySegment segment = segment(record);
        long at = at(record);
        for (int i = 0; i < size; i++) {
            segment.set(ValueLayout.JAVA_BYTE, at + i, i < length ? (byte) text.charAt(i) : 0);
        }
    }

    private void requireAsciiText(byte[] value) {
        int firstZero = -1;
        for (int i = 0; i < value.length; i++) {
            if (value[i] < 0) {
                throw new IllegalArgumentException("byte " + i + " is not ASCII for field " + this);
            }
            if (value[i] == 0) {
                if (firstZero < 0) {
                    firstZero = i;
                }
            } else if (firstZero >= 0) {
                throw new IllegalArgumentException("byte " + firstZero + " is zero before the non-zero byte " + i
                        + " for ASCII field " + this + ": the text would read back cut at byte " + firstZero);
            }
        }
    }

    /** The field as text up to its first zero byte, each byte one character (ISO-8859-1). */
    public String getString(Flyweight record) {
        MemorySegment segment = segment(record);
        long at = at(record);
        int length = 0;
        while (length < size && segment.get(ValueLayout.JAVA_BYTE, at + length) != 0) {
            length++;
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) (segment.get(ValueLayout.JAVA_BYTE, at + i) & 0xff);
        }
        return new String(chars);
    }

    /** Whether the field holds exactly {@code text} (then zero padding); allocates nothing. */
    public boolean contentEquals(Flyweight record, CharSequence text) {
        int length = text.length();
        if (length > size) {
            return false;
        }
        MemorySegment segment = segment(record);
        long at = at(record);
        for (int i = 0; i < size; i++) {
            int expected = i < length ? text.charAt(i) : 0;
            if ((segment.get(ValueLayout.JAVA_BYTE, at + i) & 0xff) != expected) {
                return false;
            }
        }
        return true;
    }
}
