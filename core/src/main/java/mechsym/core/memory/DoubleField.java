package mechsym.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A handle to an {@code float64} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code double} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class DoubleField extends FieldHandle {
    private static final ValueLayout.OfDouble VALUE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    DoubleField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public double get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, double value) {
        segment(record).set(VALUE, at(record), value);
    }
}
