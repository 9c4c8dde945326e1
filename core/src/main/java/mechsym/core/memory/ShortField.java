package mechsym.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A handle to an {@code int16} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code short} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class ShortField extends FieldHandle {
    private static final ValueLayout.OfShort VALUE =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    ShortField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public short get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, short value) {
        segment(record).set(VALUE, at(record), value);
    }
}
