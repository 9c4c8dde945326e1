package mechsym.core.memory;

/**
 * One field of a {@link RecordLayout}: its name, type, size, byte offset within the record
 * (array-of-structures form) and column number (columnar form). Immutable.
 *
 * @param name the field name, unique within its layout
 * @param type the field type
 * @param size the size in bytes (the declared length for {@link FieldType#BYTES} and {@link
 *     FieldType#ASCII})
 * @param offset the byte offset of the field within a record
 * @param column the field's position in declaration order, which is its column in columnar storage
 */
public record FieldDescriptor(String name, FieldType type, int size, long offset, int column) {

    /** This field as it appears in a layout descriptor, e.g. {@code price:int64@24}. */
    public String describe() {
        return type.hasLength()
                ? name + ':' + type.descriptorName() + '[' + size + "]@" + offset
                : name + ':' + type.descriptorName() + '@' + offset;
    }
}
