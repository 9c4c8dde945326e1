package mechsym.core.memory;

/**
 * A handle to an {@code int32} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code int} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface IntField extends FieldHandle permits FieldRecords.IntHandle {
    /** The value in the current record of {@code record}. */
    int get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, int value);
}
