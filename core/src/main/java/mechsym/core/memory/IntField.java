package mechsym.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A handle to an {@code int32} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code int} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class IntField extends FieldHandle {
    private static final ValueLayout.OfInt VALUE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    IntField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public int get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, int value) {
        segment(record).set(VALUE, at(record), value);
    }
}
