package mechsym.tools.schema;

/**
 * The element types a schema field can have, with their names in the schema text (Java's keywords)
 * and their encoded sizes. The constants are named as {@link mechsym.core.memory.FieldType}'s for the
 * same types ({@code INT64} is a {@code long} in both); the schema adds {@link #BOOLEAN} and {@link
 * #STRING}. Multi-byte values use the schema's byte order; {@code boolean} is one byte (0 false,
 * else true); {@code string} is an int32 byte length followed by that many bytes of UTF-8.
 * Constants: immutable and thread-safe.
 */
public enum ElementType {
    /** {@code byte}, 1 byte. */
    INT8("byte", 1),
    /** {@code boolean}, 1 byte. */
    BOOLEAN("boolean", 1),
    /** {@code short}, 2 bytes. */
    INT16("short", 2),
    /** {@code char} (a UTF-16 code unit), 2 bytes. */
    CHAR16("char", 2),
    /** {@code int}, 4 bytes. */
    INT32("int", 4),
    /** {@code long}, 8 bytes. */
    INT64("long", 8),
    /** {@code float}, 4 bytes. */
    FLOAT32("float", 4),
    /** {@code double}, 8 bytes. */
    FLOAT64("double", 8),
    /** int32 byte length, then UTF-8. */
    STRING("string", -1);

    private final String schemaName;
    private final int size;

    ElementType(String schemaName, int size) {
        this.schemaName = schemaName;
        this.size = size;
    }

    /** The name used in schema text. */
    public String schemaName() {
        return schemaName;
    }

    /** Encoded size of one element in bytes, or -1 for the variable-length {@code string}. */
    public int size() {
        return size;
    }

    /** Whether arrays of this type are allowed (all but {@code boolean} and {@code string}). */
    public boolean arrayable() {
        return this != BOOLEAN && this != STRING;
    }

    /** The type named {@code name} in schema text, or null. */
    public static ElementType bySchemaName(String name) {
        for (ElementType type : values()) {
            if (type.schemaName.equals(name)) {
                return type;
            }
        }
        return null;
    }
}
