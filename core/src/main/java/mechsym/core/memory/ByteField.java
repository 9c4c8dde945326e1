package mechsym.core.memory;

/**
 * A handle to an {@code int8} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code byte} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface ByteField extends FieldHandle permits FieldRecords.ByteHandle {
    /** The value in the current record of {@code record}. */
    byte get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, byte value);
}
