package mechsym.core.memory;

import java.lang.foreign.ValueLayout;

/**
 * A handle to an {@code int8} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code byte} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class ByteField extends FieldHandle {
    private static final ValueLayout.OfByte VALUE = ValueLayout.JAVA_BYTE;

    ByteField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public byte get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, byte value) {
        segment(record).set(VALUE, at(record), value);
    }
}
