package mechsym.tools.schema;

import java.util.Objects;

/**
 * One field of a {@link MessageType}: a name, an element type and a shape.
 *
 * <ul>
 *   <li>{@link Shape#SCALAR}: one value ({@code long sourceId});
 *   <li>{@link Shape#FIXED_ARRAY}: exactly {@code length} elements, no count on the wire ({@code
 *       long[10] quantities});
 *   <li>{@link Shape#VARIABLE_ARRAY}: an int32 element count, then the elements ({@code double[]
 *       prices}), the layout of the serialisation post.
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the field's name, unique within its message
 * @param type the element type
 * @param shape scalar, fixed or variable array
 * @param length the element count of a fixed array, else 0
 * @param line line of the declaration in the schema text (1-based), 0 if built in code
 * @param column column of the declaration (1-based), 0 if built in code
 */
public record Field(String name, ElementType type, Shape shape, int length, int line, int column) {
    /** Scalar, fixed-length array or count-prefixed array. */
    public enum Shape {
        SCALAR,
        FIXED_ARRAY,
        VARIABLE_ARRAY
    }

    public Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(shape, "shape");
        if (shape != Shape.SCALAR && !type.arrayable()) {
            throw new IllegalArgumentException("no arrays of " + type.schemaName());
        }
        if ((shape == Shape.FIXED_ARRAY) != (length > 0) || length < 0) {
            throw new IllegalArgumentException("length " + length + " for a " + shape);
        }
        if (shape == Shape.FIXED_ARRAY && (long) length * type.size() > Integer.MAX_VALUE) {
            // a body is at most 2 GiB, and offsets into it are ints
            throw new IllegalArgumentException(
                    "field " + name + ": " + length + " x " + type.schemaName() + " is more than 2 GiB");
        }
    }

    /** A scalar field built in code. */
    public static Field scalar(String name, ElementType type) {
        return new Field(name, type, Shape.SCALAR, 0, 0, 0);
    }

    /** The field's type as schema text: {@code long}, {@code long[10]}, {@code double[]}. */
    public String typeText() {
        return switch (shape) {
            case SCALAR -> type.schemaName();
            case FIXED_ARRAY -> type.schemaName() + "[" + length + "]";
            case VARIABLE_ARRAY -> type.schemaName() + "[]";
        };
    }
}
