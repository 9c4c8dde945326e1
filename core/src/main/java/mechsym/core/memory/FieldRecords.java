package mechsym.core.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The field handles behind the public handle types: records, because C2 trusts a record's final
 * fields as constants. A handle kept in a {@code static final} field is a constant, so its offset,
 * its stride (the record size) and its column fold into the access: a scan's offset is then {@code
 * index * constant + constant}, and C2 hoists the segment's bounds check out of the loop. An
 * ordinary final field is not trusted, and a stride read from one keeps a check per access.
 */
final class FieldRecords {
    private FieldRecords() {}

    /** The segment holding {@code column} of {@code record}, after checking the handle's layout. */
    static MemorySegment segment(FieldHandle handle, Flyweight record, int column) {
        assert sameLayout(handle, record);
        return record.segment(column);
    }

    // out of line, so segment() stays small enough for every compiler to inline
    private static boolean sameLayout(FieldHandle handle, Flyweight record) {
        if (!record.layout().equals(handle.layout())) {
            throw new AssertionError("field of " + handle.layout() + " used on a flyweight of " + record.layout());
        }
        return true;
    }

    /** An {@code int8} field. */
    record ByteHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements ByteField {
        private static final long SIZE = 1;
        private static final ValueLayout.OfByte VALUE = ValueLayout.JAVA_BYTE;

        ByteHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public byte get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, byte value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code int16} field. */
    record ShortHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements ShortField {
        private static final long SIZE = 2;
        private static final ValueLayout.OfShort VALUE =
                ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        ShortHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public short get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, short value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code char16} field. */
    record CharHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements CharField {
        private static final long SIZE = 2;
        private static final ValueLayout.OfChar VALUE =
                ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        CharHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public char get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, char value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code int32} field. */
    record IntHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements IntField {
        private static final long SIZE = 4;
        private static final ValueLayout.OfInt VALUE =
                ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        IntHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public int get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, int value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code int64} field. */
    record LongHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements LongField {
        private static final long SIZE = 8;
        private static final ValueLayout.OfLong VALUE =
                ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        LongHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public long get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, long value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code float32} field. */
    record FloatHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements FloatField {
        private static final long SIZE = 4;
        private static final ValueLayout.OfFloat VALUE =
                ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        FloatHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public float get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, float value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }

    /** An {@code float64} field. */
    record DoubleHandle(RecordLayout layout, FieldDescriptor descriptor, long offset, long stride, int column)
            implements DoubleField {
        private static final long SIZE = 8;
        private static final ValueLayout.OfDouble VALUE =
                ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        DoubleHandle(RecordLayout layout, FieldDescriptor descriptor) {
            this(layout, descriptor, descriptor.offset(), layout.recordSize(), descriptor.column());
        }

        @Override
        public double get(Flyweight record) {
            return segment(this, record, column).get(VALUE, record.at(offset, stride, SIZE));
        }

        @Override
        public void set(Flyweight record, double value) {
            segment(this, record, column).set(VALUE, record.at(offset, stride, SIZE), value);
        }

        @Override
        public String toString() {
            return descriptor.describe();
        }
    }
}
