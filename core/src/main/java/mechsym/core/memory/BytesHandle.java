package mechsym.core.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** The {@link BytesField} handle: a record, so a constant handle's offset, stride and length fold (see {@link FieldRecords}). */
record BytesHandle(
        RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column, int size, boolean ascii)
        implements BytesField {

    BytesHandle(RecordLayout layout, FieldDescriptor descriptor) {
        this(
                layout,
                descriptor,
                descriptor.offset(),
                layout.recordSize(),
                descriptor.column(),
                descriptor.size(),
                descriptor.type() == FieldType.ASCII);
    }

    @Override
    public String toString() {
        return descriptor.describe();
    }

    @Override
    public int length() {
        return size;
    }

    @Override
    public void get(Flyweight record, byte[] destination) {
        MemorySegment.copy(
                FieldRecords.segment(this, record, column),
                ValueLayout.JAVA_BYTE,
                record.at(offset, stride, size),
                destination,
                0,
                size);
    }

    @Override
    public byte getByte(Flyweight record, int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("byte " + i + " out of bounds for field " + this);
        }
        return FieldRecords.segment(this, record, column)
                .get(ValueLayout.JAVA_BYTE, record.at(offset, stride, size) + i);
    }

    @Override
    public void set(Flyweight record, byte[] value) {
        if (value.length > size) {
            throw new IllegalArgumentException(
                    value.length + " bytes do not fit field " + this + " of " + size + " bytes");
        }
        if (ascii) {
            requireAsciiText(value);
        }
        MemorySegment segment = FieldRecords.segment(this, record, column);
        long at = record.at(offset, stride, size);
        MemorySegment.copy(value, 0, segment, ValueLayout.JAVA_BYTE, at, value.length);
        // byte stores, not asSlice(...).fill: a slice is a new segment object, and this class allocates
        // nothing but getString's String
        for (long i = at + value.length, end = at + size; i < end; i++) {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte) 0);
        }
    }

    @Override
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
        MemorySegment segment = FieldRecords.segment(this, record, column);
        long at = record.at(offset, stride, size);
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

    @Override
    public String getString(Flyweight record) {
        MemorySegment segment = FieldRecords.segment(this, record, column);
        long at = record.at(offset, stride, size);
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

    @Override
    public boolean contentEquals(Flyweight record, CharSequence text) {
        int length = text.length();
        if (length > size) {
            return false;
        }
        MemorySegment segment = FieldRecords.segment(this, record, column);
        long at = record.at(offset, stride, size);
        for (int i = 0; i < size; i++) {
            int expected = i < length ? text.charAt(i) : 0;
            if ((segment.get(ValueLayout.JAVA_BYTE, at + i) & 0xff) != expected) {
                return false;
            }
        }
        return true;
    }
}
