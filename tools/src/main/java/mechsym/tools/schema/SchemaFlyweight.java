package mechsym.tools.schema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.CodecFlyweight;

/**
 * A flyweight over any fixed-layout {@link MessageType} of a {@link Schema}: reads and writes its
 * fields in place by name, without a class written for the message. A layout is fixed when every
 * field is a scalar or a fixed-length array ({@code long[4]}): no {@code string}, no count-prefixed
 * {@code T[]}. The field offsets are computed once, by the constructor.
 *
 * <pre>{@code
 * SchemaFlyweight quote = new SchemaFlyweight(schema.latest("Quote"));
 * quote.wrap(reader.buffer(), reader.bodyOffset(), reader.bodyLength());
 * long id = quote.getLong("id");
 * double bid = quote.getDouble("levels", 0);
 * }</pre>
 *
 * <p>Each by-name access looks the name up in a hash map (no allocation) and checks the field's
 * type and shape, so it costs more than a hand-written flyweight's accessor: use this one for tools
 * and for messages you have no class for, and a hand-written {@link CodecFlyweight} on hot paths.
 * Bounds, byte order, lifetime and thread safety are those of {@link CodecFlyweight}: the layout is
 * checked once at wrap ({@link CodecException} with the offset for a truncated message), the byte
 * order is the wrapped buffer's (wrap a buffer in the schema's {@link Schema#byteOrder()}), and an
 * instance is for one thread. An accessor given a name the message does not have, or a field of
 * another type or shape than its own, throws {@link IllegalArgumentException} naming the field.
 */
public final class SchemaFlyweight extends CodecFlyweight {
    /** Where one field lies, and what it is. */
    private record Slot(Field field, int offset) {}

    private final MessageType type;
    private final Map<String, Slot> slots;

    /**
     * @throws IllegalArgumentException if {@code type} does not have a fixed layout (see {@link
     *     #fixedLength(MessageType)})
     */
    public SchemaFlyweight(MessageType type) {
        super(checkedLength(type));
        this.type = type;
        this.slots = new HashMap<>();
        int offset = 0;
        for (Field field : type.fields()) {
            slots.put(field.name(), new Slot(field, offset));
            offset += (int) size(field); // the whole layout fits an int: checkedLength said so
        }
    }

    private static int checkedLength(MessageType type) {
        int length = fixedLength(Objects.requireNonNull(type, "type"));
        if (length < 0) {
            throw new IllegalArgumentException(type.name() + " version " + type.version()
                    + " has no fixed layout: a string or a count-prefixed array field, or fixed fields of more"
                    + " than 2 GiB");
        }
        return length;
    }

    /**
     * The encoded length of {@code type} if its layout is fixed (every field a scalar or a fixed
     * array, none a string), else -1.
     */
    public static int fixedLength(MessageType type) {
        long length = 0;
        for (Field field : type.fields()) {
            if (field.type() == ElementType.STRING || field.shape() == Field.Shape.VARIABLE_ARRAY) {
                return -1;
            }
            length += size(field);
        }
        return length > Integer.MAX_VALUE ? -1 : (int) length;
    }

    private static long size(Field field) {
        return field.shape() == Field.Shape.FIXED_ARRAY
                ? (long) field.length() * field.type().size()
                : field.type().size();
    }

    /** As {@link CodecFlyweight#wrap(CodecBuffer, long)}. */
    @Override
    public SchemaFlyweight wrap(CodecBuffer buffer, long offset) {
        super.wrap(buffer, offset);
        return this;
    }

    /** As {@link CodecFlyweight#wrap(CodecBuffer, long, long)}: a frame body may be longer than the layout. */
    @Override
    public SchemaFlyweight wrap(CodecBuffer buffer, long offset, long length) {
        super.wrap(buffer, offset, length);
        return this;
    }

    /** The message's name and version, for error messages. */
    @Override
    protected String messageName() {
        return type.name() + " version " + type.version();
    }

    /** The message type this flyweight reads. */
    public MessageType type() {
        return type;
    }

    /** The field names, in wire order. */
    public List<String> fieldNames() {
        return type.fields().stream().map(Field::name).toList();
    }

    /**
     * The byte offset of field {@code name} in the message.
     *
     * @throws IllegalArgumentException if the message has no such field
     */
    public int offsetOf(String name) {
        return slot(name).offset();
    }

    private Slot slot(String name) {
        Slot slot = slots.get(name);
        if (slot == null) {
            throw new IllegalArgumentException(
                    type.name() + " version " + type.version() + " has no field " + name + "; it has " + fieldNames());
        }
        return slot;
    }

    /** The offset of scalar field {@code name} of {@code expected} type. */
    private int scalar(String name, ElementType expected) {
        Slot slot = slot(name);
        Field field = slot.field();
        if (field.type() != expected || field.shape() != Field.Shape.SCALAR) {
            throw wrongType(field, expected.schemaName());
        }
        return slot.offset();
    }

    /** The offset of element {@code index} of fixed-array field {@code name} of {@code expected} type. */
    private int element(String name, int index, ElementType expected) {
        Slot slot = slot(name);
        Field field = slot.field();
        if (field.type() != expected || field.shape() != Field.Shape.FIXED_ARRAY) {
            throw wrongType(field, expected.schemaName() + "[]");
        }
        return slot.offset() + Objects.checkIndex(index, field.length()) * expected.size();
    }

    private IllegalArgumentException wrongType(Field field, String asked) {
        return new IllegalArgumentException(
                "field " + field.name() + " of " + type.name() + " is " + field.typeText() + ", not " + asked);
    }

    // ---- scalars by name

    public byte getByte(String name) {
        return getByte(scalar(name, ElementType.INT8));
    }

    public void putByte(String name, byte value) {
        putByte(scalar(name, ElementType.INT8), value);
    }

    public boolean getBoolean(String name) {
        return getBoolean(scalar(name, ElementType.BOOLEAN));
    }

    public void putBoolean(String name, boolean value) {
        putBoolean(scalar(name, ElementType.BOOLEAN), value);
    }

    public short getShort(String name) {
        return getShort(scalar(name, ElementType.INT16));
    }

    public void putShort(String name, short value) {
        putShort(scalar(name, ElementType.INT16), value);
    }

    public char getChar(String name) {
        return getChar(scalar(name, ElementType.CHAR16));
    }

    public void putChar(String name, char value) {
        putChar(scalar(name, ElementType.CHAR16), value);
    }

    public int getInt(String name) {
        return getInt(scalar(name, ElementType.INT32));
    }

    public void putInt(String name, int value) {
        putInt(scalar(name, ElementType.INT32), value);
    }

    public long getLong(String name) {
        return getLong(scalar(name, ElementType.INT64));
    }

    public void putLong(String name, long value) {
        putLong(scalar(name, ElementType.INT64), value);
    }

    public float getFloat(String name) {
        return getFloat(scalar(name, ElementType.FLOAT32));
    }

    public void putFloat(String name, float value) {
        putFloat(scalar(name, ElementType.FLOAT32), value);
    }

    public double getDouble(String name) {
        return getDouble(scalar(name, ElementType.FLOAT64));
    }

    public void putDouble(String name, double value) {
        putDouble(scalar(name, ElementType.FLOAT64), value);
    }

    // ---- elements of fixed arrays by name and index (IndexOutOfBoundsException outside the array)

    public byte getByte(String name, int index) {
        return getByte(element(name, index, ElementType.INT8));
    }

    public void putByte(String name, int index, byte value) {
        putByte(element(name, index, ElementType.INT8), value);
    }

    public short getShort(String name, int index) {
        return getShort(element(name, index, ElementType.INT16));
    }

    public void putShort(String name, int index, short value) {
        putShort(element(name, index, ElementType.INT16), value);
    }

    public char getChar(String name, int index) {
        return getChar(element(name, index, ElementType.CHAR16));
    }

    public void putChar(String name, int index, char value) {
        putChar(element(name, index, ElementType.CHAR16), value);
    }

    public int getInt(String name, int index) {
        return getInt(element(name, index, ElementType.INT32));
    }

    public void putInt(String name, int index, int value) {
        putInt(element(name, index, ElementType.INT32), value);
    }

    public long getLong(String name, int index) {
        return getLong(element(name, index, ElementType.INT64));
    }

    public void putLong(String name, int index, long value) {
        putLong(element(name, index, ElementType.INT64), value);
    }

    public float getFloat(String name, int index) {
        return getFloat(element(name, index, ElementType.FLOAT32));
    }

    public void putFloat(String name, int index, float value) {
        putFloat(element(name, index, ElementType.FLOAT32), value);
    }

    public double getDouble(String name, int index) {
        return getDouble(element(name, index, ElementType.FLOAT64));
    }

    public void putDouble(String name, int index, double value) {
        putDouble(element(name, index, ElementType.FLOAT64), value);
    }
}
