package mechsym.core.codec;

/**
 * The element types a schema field can have, with their names in the schema text and their encoded
 * sizes. Multi-byte values use the schema's byte order; {@code boolean} is one byte (0 false, else
 * true); {@code string} is an int32 byte length followed by that many bytes of UTF-8. Constants:
 * immutable and thread-safe.
 */
public enum FieldType {
    BYTE("byte", 1),
    BOOLEAN("boolean", 1),
    SHORT("short", 2),
    CHAR("char", 2),
    INT("int", 4),
    LONG("long", 8),
    FLOAT("float", 4),
    DOUBLE("double", 8),
    /** int32 byte length, then UTF-8. */
    STRING("string", -1);

    private final String schemaName;
    private final int size;

    FieldType(String schemaName, int size) {
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
    public static FieldType bySchemaName(String name) {
        for (FieldType type : values()) {
            if (type.schemaName.equals(name)) {
                return type;
            }
        }
        return null;
    }
}
