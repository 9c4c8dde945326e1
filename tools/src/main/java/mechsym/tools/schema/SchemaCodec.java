package mechsym.tools.schema;

import java.util.List;
import mechsym.core.codec.BufferBoundsException;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.Utf8;

/**
 * Reads and writes message bodies by their {@link MessageType}, without their classes: the values
 * are boxed scalars ({@code Long}, {@code Boolean}, ...), primitive arrays ({@code long[]}, ...) and
 * {@code String}s, one per field in field order. For tools (the dump, tests, generators), not hot
 * paths: it allocates the values it returns.
 *
 * <p><b>Hostile input.</b> {@link #decode} checks every length against the bytes left in the body
 * before reading or allocating, so a body can never make it allocate more than the body's own
 * length (times 4 for a {@code char[]}'s worth of UTF-16 at most); any problem throws {@link
 * CodecException} with the offset of the offending field and nothing else. Stateless and
 * thread-safe; the buffers are not.
 */
public final class SchemaCodec {
    private SchemaCodec() {}

    /**
     * Decodes the body of {@code length} bytes at {@code offset} of {@code buffer}; the cursor does
     * not move. A string's ill-formed UTF-8 becomes U+FFFD, as {@link Utf8#decode} does.
     *
     * @return one value per field of {@code type}
     * @throws CodecException if the body is shorter than its fields need, has a negative or too large
     *     count, or has bytes after the last field
     */
    public static Object[] decode(MessageType type, CodecBuffer buffer, long offset, int length) {
        return decode(type, buffer, offset, length, false);
    }

    /**
     * As {@link #decode(MessageType, CodecBuffer, long, int)}, and with {@code strictUtf8} a string
     * that is not well-formed UTF-8 is refused too (the check of {@link Utf8#firstMalformed}), with the
     * offset of its first ill-formed byte. The body's structure is checked the same way either way, so
     * a body refused only in strict mode decodes without it.
     *
     * @throws CodecException as the other decode, or, with {@code strictUtf8}, for ill-formed UTF-8
     */
    public static Object[] decode(MessageType type, CodecBuffer buffer, long offset, int length, boolean strictUtf8) {
        if (length < 0 || offset < 0 || length > buffer.capacity() - offset) { // offset + length may overflow
            throw new CodecException(offset, "body of " + length + " bytes does not fit in the buffer");
        }
        List<Field> fields = type.fields();
        Object[] values = new Object[fields.size()];
        long end = offset + length;
        long p = offset;
        for (int i = 0; i < values.length; i++) {
            Field field = fields.get(i);
            ElementType element = field.type();
            int count = 1;
            long fieldOffset = p;
            if (field.shape() == Field.Shape.VARIABLE_ARRAY || element == ElementType.STRING) {
                need(type, field, fieldOffset, Integer.BYTES, end - p, "its length prefix");
                count = buffer.getInt(p);
                p += Integer.BYTES;
                if (count < 0) {
                    throw new CodecException(fieldOffset, where(type, field) + ": negative count " + count);
                }
            } else if (field.shape() == Field.Shape.FIXED_ARRAY) {
                count = field.length();
            }
            long bytes = (long) count * (element == ElementType.STRING ? 1 : element.size());
            need(type, field, fieldOffset, bytes, end - p, describe(field, count));
            if (strictUtf8 && element == ElementType.STRING) {
                long malformed = Utf8.firstMalformed(buffer.segment(), p, count);
                if (malformed >= 0) {
                    throw new CodecException(
                            p + malformed,
                            where(type, field) + ": ill-formed UTF-8 at byte " + malformed + " of its " + count);
                }
            }
            values[i] = field.shape() == Field.Shape.SCALAR
                    ? scalar(element, buffer, p, count)
                    : array(element, buffer, p, count);
            p += bytes;
        }
        if (p != end) {
            throw new CodecException(
                    p,
                    (end - p) + " bytes after the last field of " + type.name() + " version " + type.version()
                            + " (body length " + length + ", fields take " + (p - offset) + ")");
        }
        return values;
    }

    private static void need(MessageType type, Field field, long offset, long bytes, long left, String what) {
        if (bytes > left) {
            throw new CodecException(
                    offset,
                    where(type, field) + ": " + "need " + bytes + " bytes for " + what + ", the body has " + left
                            + " left");
        }
    }

    private static String describe(Field field, int count) {
        if (field.type() == ElementType.STRING) {
            return count + " bytes of UTF-8";
        }
        return field.shape() == Field.Shape.SCALAR ? "its value" : count + " elements";
    }

    private static String where(MessageType type, Field field) {
        return type.name() + " version " + type.version() + " field " + field.name() + " (" + field.typeText() + ")";
    }

    private static Object scalar(ElementType type, CodecBuffer buffer, long p, int count) {
        return switch (type) {
            case INT8 -> buffer.getByte(p);
            case BOOLEAN -> buffer.getBoolean(p);
            case INT16 -> buffer.getShort(p);
            case CHAR16 -> buffer.getChar(p);
            case INT32 -> buffer.getInt(p);
            case INT64 -> buffer.getLong(p);
            case FLOAT32 -> buffer.getFloat(p);
            case FLOAT64 -> buffer.getDouble(p);
            case STRING -> Utf8.decode(buffer, p, count);
        };
    }

    private static Object array(ElementType type, CodecBuffer buffer, long p, int count) {
        switch (type) {
            case INT8 -> {
                byte[] values = new byte[count];
                buffer.getBytes(p, values, 0, count);
                return values;
            }
            case INT16 -> {
                short[] values = new short[count];
                buffer.getShorts(p, values, 0, count);
                return values;
            }
            case CHAR16 -> {
                char[] values = new char[count];
                buffer.getChars(p, values, 0, count);
                return values;
            }
            case INT32 -> {
                int[] values = new int[count];
                buffer.getInts(p, values, 0, count);
                return values;
            }
            case INT64 -> {
                long[] values = new long[count];
                buffer.getLongs(p, values, 0, count);
                return values;
            }
            case FLOAT32 -> {
                float[] values = new float[count];
                buffer.getFloats(p, values, 0, count);
                return values;
            }
            case FLOAT64 -> {
                double[] values = new double[count];
                buffer.getDoubles(p, values, 0, count);
                return values;
            }
            default -> throw new IllegalStateException("no arrays of " + type);
        }
    }

    /**
     * Encodes {@code values} (one per field, of the types {@link #decode} returns) as a body at the
     * cursor of {@code buffer}, advancing it.
     *
     * @return the body length in bytes
     * @throws IllegalArgumentException if a value is missing, of the wrong class, or a fixed array has
     *     the wrong length (the cursor is then back where it was)
     * @throws IndexOutOfBoundsException if the body does not fit (the cursor is then back where it was)
     */
    public static int encode(MessageType type, Object[] values, CodecBuffer buffer) {
        List<Field> fields = type.fields();
        if (values.length != fields.size()) {
            throw new IllegalArgumentException(
                    type.name() + " has " + fields.size() + " fields, got " + values.length + " values");
        }
        long start = buffer.position();
        for (int i = 0; i < values.length; i++) {
            Field field = fields.get(i);
            Object value = values[i];
            try {
                if (field.shape() == Field.Shape.SCALAR) {
                    writeScalar(field.type(), value, buffer);
                } else {
                    writeArray(field, value, buffer);
                }
            } catch (ClassCastException | NullPointerException e) {
                buffer.position(start);
                throw new IllegalArgumentException(
                        "field " + field.name() + " (" + field.typeText() + ") cannot take " + value, e);
            } catch (RuntimeException e) {
                buffer.position(start);
                throw e;
            }
        }
        return (int) (buffer.position() - start);
    }

    private static void writeScalar(ElementType type, Object value, CodecBuffer buffer) {
        switch (type) {
            case INT8 -> buffer.writeByte((Byte) value);
            case BOOLEAN -> buffer.writeBoolean((Boolean) value);
            case INT16 -> buffer.writeShort((Short) value);
            case CHAR16 -> buffer.writeChar((Character) value);
            case INT32 -> buffer.writeInt((Integer) value);
            case INT64 -> buffer.writeLong((Long) value);
            case FLOAT32 -> buffer.writeFloat((Float) value);
            case FLOAT64 -> buffer.writeDouble((Double) value);
            case STRING -> {
                if (Utf8.encodeWithLength((String) value, buffer) < 0) {
                    throw new BufferBoundsException(buffer, "string field does not fit");
                }
            }
        }
    }

    private static void writeArray(Field field, Object value, CodecBuffer buffer) {
        if (!value.getClass().isArray()) { // a null value is the caller's NullPointerException
            throw new ClassCastException(value.getClass().getName() + " is not an array");
        }
        int count = java.lang.reflect.Array.getLength(value);
        if (field.shape() == Field.Shape.FIXED_ARRAY && count != field.length()) {
            throw new IllegalArgumentException(
                    "field " + field.name() + " (" + field.typeText() + ") got " + count + " elements");
        }
        if (field.shape() == Field.Shape.VARIABLE_ARRAY) {
            buffer.writeInt(count);
        }
        switch (field.type()) {
            case INT8 -> buffer.writeBytes((byte[]) value, 0, count);
            case INT16 -> buffer.writeShorts((short[]) value, 0, count);
            case CHAR16 -> buffer.writeChars((char[]) value, 0, count);
            case INT32 -> buffer.writeInts((int[]) value, 0, count);
            case INT64 -> buffer.writeLongs((long[]) value, 0, count);
            case FLOAT32 -> buffer.writeFloats((float[]) value, 0, count);
            case FLOAT64 -> buffer.writeDoubles((double[]) value, 0, count);
            default -> throw new IllegalStateException("no arrays of " + field.type());
        }
    }
}
