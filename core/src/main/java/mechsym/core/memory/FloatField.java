package mechsym.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A handle to an {@code float32} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code float} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class FloatField extends FieldHandle {
    private static final ValueLayout.OfFloat VALUE =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    FloatField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public float get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, float value) {
        segment(record).set(VALUE, at(record), value);
    }
}
