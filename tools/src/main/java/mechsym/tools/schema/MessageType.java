package mechsym.tools.schema;

import java.util.List;
import java.util.Objects;
import mechsym.core.codec.FrameDescriptor;

/**
 * A message layout declared by a schema: a name, the type id and version written in its frame
 * header, and its fields in wire order (no padding between them). Immutable.
 *
 * @param name the message's name
 * @param typeId the type id of its frames
 * @param version the layout version, 0 to 65535
 * @param fields the fields in the order they are encoded
 * @param line line of the declaration in the schema text, 0 if built in code
 */
public record MessageType(String name, int typeId, int version, List<Field> fields, int line) {
    public MessageType {
        Objects.requireNonNull(name, "name");
        fields = List.copyOf(fields);
        if (version < 0 || version > FrameDescriptor.MAX_VERSION) {
            throw new IllegalArgumentException("version " + version);
        }
    }

    /** The field called {@code name}, or null. */
    public Field field(String fieldName) {
        for (Field field : fields) {
            if (field.name().equals(fieldName)) {
                return field;
            }
        }
        return null;
    }
}
