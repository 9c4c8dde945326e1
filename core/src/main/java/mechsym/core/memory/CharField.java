package mechsym.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A handle to an {@code char16} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code char} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public final class CharField extends FieldHandle {
    private static final ValueLayout.OfChar VALUE = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    CharField(RecordLayout layout, FieldDescriptor descriptor) {
        super(layout, descriptor);
    }

    /** The value in the current record of {@code record}. */
    public char get(Flyweight record) {
        return segment(record).get(VALUE, at(record));
    }

    /** Stores {@code value} in the current record of {@code record}. */
    public void set(Flyweight record, char value) {
        segment(record).set(VALUE, at(record), value);
    }
}
