package mechsym.core.memory;

import java.lang.foreign.MemorySegment;

/**
 * A handle to one field of a {@link RecordLayout}, obtained from the layout by name and type. Keep
 * handles in {@code static final} fields: the JIT then folds the field's offset and value layout
 * into the access, which compiles to a plain load or store. Immutable and thread-safe; the
 * flyweight passed to it is not (see {@link Flyweight}).
 *
 * <p>Values are little-endian, unaligned accesses are allowed (packed layouts need them), and
 * every access is bounds-checked by the FFM API, so a misused handle throws rather than crashes.
 */
public abstract sealed class FieldHandle
        permits ByteField, ShortField, CharField, IntField, LongField, FloatField, DoubleField, BytesField {
    private final RecordLayout layout;
    private final FieldDescriptor descriptor;
    final long offset;
    final long size;
    final int column;

    FieldHandle(RecordLayout layout, FieldDescriptor descriptor) {
        this.layout = layout;
        this.descriptor = descriptor;
        this.offset = descriptor.offset();
        this.size = descriptor.size();
        this.column = descriptor.column();
    }

    /** The layout this field belongs to. */
    public final RecordLayout layout() {
        return layout;
    }

    /** The field's name, type, size, offset and column. */
    public final FieldDescriptor descriptor() {
        return descriptor;
    }

    final MemorySegment segment(Flyweight record) {
        assert record.layout().equals(layout) : "field of " + layout + " used on a flyweight of " + record.layout();
        return record.segment(column);
    }

    final long at(Flyweight record) {
        return record.offset(offset, size);
    }

    @Override
    public final String toString() {
        return descriptor.describe();
    }
}
