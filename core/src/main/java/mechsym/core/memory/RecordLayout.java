package mechsym.core.memory;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A record layout declared once: named, typed fields at computed offsets. Immutable and
 * thread-safe.
 *
 * <p>Declare the layout in a {@code static final} field and take the field handles from it into
 * {@code static final} fields of your {@link Flyweight}, so the JIT sees them as constants and a
 * field access compiles to a plain load or store:
 *
 * <pre>{@code
 * final class Trade extends Flyweight {
 *     static final RecordLayout LAYOUT = RecordLayout.packed()
 *             .int64("tradeId").int64("clientId").int32("venueCode").int32("instrumentCode")
 *             .int64("price").int64("quantity").char16("side")
 *             .build();                                   // 42 bytes, like the post's trade
 *     private static final LongField PRICE = LAYOUT.longField("price");
 *
 *     Trade() { super(LAYOUT); }
 *     long price() { return PRICE.get(this); }
 *     void price(long value) { PRICE.set(this, value); }
 * }
 * }</pre>
 *
 * <p>The packed trade above, byte offsets on top:
 *
 * <pre>
 *  0        8        16       20       24       32       40   42
 *  +--------+--------+--------+--------+--------+--------+----+
 *  |tradeId |clientId|venue   |instr.  |price   |quantity|side|
 *  | int64  | int64  | int32  | int32  | int64  | int64  |chr |
 *  +--------+--------+--------+--------+--------+--------+----+
 * </pre>
 *
 * <p>{@link #packed()} puts each field right after the previous one (unaligned access, which x86
 * and AArch64 do at full speed within a cache line). {@link #aligned()} pads each field to its
 * natural alignment and the record to its largest field's alignment, like a C struct.
 *
 * <p>The {@linkplain #descriptor() descriptor} names every field with its type and offset; the
 * {@linkplain #fingerprint() fingerprint} is a 64-bit FNV-1a hash of it, stored in record files so
 * that a file is never read or written through a different layout.
 */
public final class RecordLayout {
    private static final int MAX_FIELDS = 1024;

    private final List<FieldDescriptor> fields;
    private final Map<String, FieldDescriptor> byName;
    private final long recordSize;
    private final boolean packed;
    private final String descriptor;
    private final long fingerprint;

    private RecordLayout(List<FieldDescriptor> fields, long recordSize, boolean packed) {
        this.fields = List.copyOf(fields);
        this.recordSize = recordSize;
        this.packed = packed;
        this.byName = new HashMap<>();
        StringBuilder text = new StringBuilder();
        for (FieldDescriptor field : fields) {
            byName.put(field.name(), field);
            text.append(field.describe()).append(',');
        }
        text.append("size=").append(recordSize);
        this.descriptor = text.toString();
        this.fingerprint = fnv1a64(descriptor.getBytes(StandardCharsets.UTF_8));
    }

    /** Starts a layout whose fields follow each other with no padding. */
    public static Builder packed() {
        return new Builder(true);
    }

    /** Starts a layout whose fields are padded to their natural alignment, like a C struct. */
    public static Builder aligned() {
        return new Builder(false);
    }

    /** The fields in declaration order. */
    public List<FieldDescriptor> fields() {
        return fields;
    }

    /**
     * The field of that name.
     *
     * @throws IllegalArgumentException if the layout has no such field
     */
    public FieldDescriptor field(String name) {
        FieldDescriptor field = byName.get(name);
        if (field == null) {
            throw new IllegalArgumentException("no field '" + name + "' in layout " + descriptor);
        }
        return field;
    }

    /** The size of one record in bytes (the stride of array-of-structures storage). */
    public long recordSize() {
        return recordSize;
    }

    /** Whether the layout is packed (no padding) rather than naturally aligned. */
    public boolean isPacked() {
        return packed;
    }

    /** A canonical text form: {@code name:type@offset,...,size=N}. */
    public String descriptor() {
        return descriptor;
    }

    /** The 64-bit FNV-1a hash of the {@linkplain #descriptor() descriptor}. */
    public long fingerprint() {
        return fingerprint;
    }

    /** The layout as an FFM {@link StructLayout}, with explicit padding, for use with other APIs. */
    public StructLayout memoryLayout() {
        List<MemoryLayout> members = new ArrayList<>();
        long at = 0;
        for (FieldDescriptor field : fields) {
            if (field.offset() > at) {
                members.add(MemoryLayout.paddingLayout(field.offset() - at));
            }
            members.add(valueLayout(field).withName(field.name()));
            at = field.offset() + field.size();
        }
        if (recordSize > at) {
            members.add(MemoryLayout.paddingLayout(recordSize - at));
        }
        return MemoryLayout.structLayout(members.toArray(MemoryLayout[]::new));
    }

    private MemoryLayout valueLayout(FieldDescriptor field) {
        MemoryLayout layout = switch (field.type()) {
            case INT8 -> ValueLayout.JAVA_BYTE;
            case INT16 -> ValueLayout.JAVA_SHORT;
            case CHAR16 -> ValueLayout.JAVA_CHAR;
            case INT32 -> ValueLayout.JAVA_INT;
            case INT64 -> ValueLayout.JAVA_LONG;
            case FLOAT32 -> ValueLayout.JAVA_FLOAT;
            case FLOAT64 -> ValueLayout.JAVA_DOUBLE;
            case BYTES, ASCII -> MemoryLayout.sequenceLayout(field.size(), ValueLayout.JAVA_BYTE);
        };
        return packed ? layout.withByteAlignment(1) : layout;
    }

    /** A handle to the {@code int8} field of that name. */
    public ByteField byteField(String name) {
        return new FieldRecords.ByteHandle(this, field(name, FieldType.INT8));
    }

    /** A handle to the {@code int16} field of that name. */
    public ShortField shortField(String name) {
        return new FieldRecords.ShortHandle(this, field(name, FieldType.INT16));
    }

    /** A handle to the {@code char16} field of that name. */
    public CharField charField(String name) {
        return new FieldRecords.CharHandle(this, field(name, FieldType.CHAR16));
    }

    /** A handle to the {@code int32} field of that name. */
    public IntField intField(String name) {
        return new FieldRecords.IntHandle(this, field(name, FieldType.INT32));
    }

    /** A handle to the {@code int64} field of that name. */
    public LongField longField(String name) {
        return new FieldRecords.LongHandle(this, field(name, FieldType.INT64));
    }

    /** A handle to the {@code float32} field of that name. */
    public FloatField floatField(String name) {
        return new FieldRecords.FloatHandle(this, field(name, FieldType.FLOAT32));
    }

    /** A handle to the {@code float64} field of that name. */
    public DoubleField doubleField(String name) {
        return new FieldRecords.DoubleHandle(this, field(name, FieldType.FLOAT64));
    }

    /** A handle to the {@code bytes} or {@code ascii} field of that name. */
    public BytesField bytesField(String name) {
        FieldDescriptor field = field(name);
        if (!field.type().hasLength()) {
            throw new IllegalArgumentException(
                    "field '" + name + "' is " + field.type().descriptorName() + ", not bytes or ascii");
        }
        return new BytesHandle(this, field);
    }

    private FieldDescriptor field(String name, FieldType type) {
        FieldDescriptor field = field(name);
        if (field.type() != type) {
            throw new IllegalArgumentException(
                    "field '" + name + "' is " + field.type().descriptorName() + ", not " + type.descriptorName());
        }
        return field;
    }

    static long fnv1a64(byte[] bytes) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    /** Layouts are equal when their descriptors are equal. */
    @Override
    public boolean equals(Object other) {
        return other instanceof RecordLayout layout && layout.descriptor.equals(descriptor);
    }

    @Override
    public int hashCode() {
        return descriptor.hashCode();
    }

    @Override
    public String toString() {
        return (packed ? "packed " : "aligned ") + descriptor;
    }

    /** Declares fields in order; not thread-safe; {@link #build()} may be called once or more. */
    public static final class Builder {
        private final boolean packed;
        private final List<FieldDescriptor> fields = new ArrayList<>();
        private long offset;
        private long maxAlignment = 1;

        private Builder(boolean packed) {
            this.packed = packed;
        }

        /** Adds a {@code byte} field. */
        public Builder int8(String name) {
            return add(name, FieldType.INT8, 0);
        }

        /** Adds a {@code short} field. */
        public Builder int16(String name) {
            return add(name, FieldType.INT16, 0);
        }

        /** Adds a {@code char} field. */
        public Builder char16(String name) {
            return add(name, FieldType.CHAR16, 0);
        }

        /** Adds an {@code int} field. */
        public Builder int32(String name) {
            return add(name, FieldType.INT32, 0);
        }

        /** Adds a {@code long} field. */
        public Builder int64(String name) {
            return add(name, FieldType.INT64, 0);
        }

        /** Adds a {@code float} field. */
        public Builder float32(String name) {
            return add(name, FieldType.FLOAT32, 0);
        }

        /** Adds a {@code double} field. */
        public Builder float64(String name) {
            return add(name, FieldType.FLOAT64, 0);
        }

        /** Adds a fixed-length byte field of {@code length} bytes (1 to 65535). */
        public Builder bytes(String name, int length) {
            return add(name, FieldType.BYTES, length);
        }

        /** Adds a fixed-length ASCII field of {@code length} bytes (1 to 65535), zero-padded. */
        public Builder ascii(String name, int length) {
            return add(name, FieldType.ASCII, length);
        }

        private Builder add(String name, FieldType type, int length) {
            checkName(name);
            for (FieldDescriptor field : fields) {
                if (field.name().equals(name)) {
                    throw new IllegalArgumentException("duplicate field name '" + name + "'");
                }
            }
            if (type.hasLength() && (length < 1 || length > 65535)) {
                throw new IllegalArgumentException("field '" + name + "': length must be 1 to 65535, was " + length);
            }
            if (fields.size() == MAX_FIELDS) {
                throw new IllegalArgumentException("a layout has at most " + MAX_FIELDS + " fields");
            }
            int size = type.size(length);
            long alignment = packed ? 1 : type.alignment();
            offset = alignUp(offset, alignment);
            fields.add(new FieldDescriptor(name, type, size, offset, fields.size()));
            offset += size;
            maxAlignment = Math.max(maxAlignment, alignment);
            return this;
        }

        private static void checkName(String name) {
            if (name == null || name.isEmpty() || name.length() > 64) {
                throw new IllegalArgumentException("field name must be 1 to 64 characters: " + name);
            }
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                boolean ok =
                        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (i > 0 && c >= '0' && c <= '9');
                if (!ok) {
                    throw new IllegalArgumentException(
                            "field name '" + name + "' has '" + c + "' at " + i + "; use letters, digits, _");
                }
            }
        }

        /**
         * The layout.
         *
         * @throws IllegalStateException if no field was declared
         */
        public RecordLayout build() {
            if (fields.isEmpty()) {
                throw new IllegalStateException("a layout needs at least one field");
            }
            return new RecordLayout(fields, alignUp(offset, maxAlignment), packed);
        }
    }

    static long alignUp(long value, long alignment) {
        return (value + alignment - 1) / alignment * alignment;
    }
}
