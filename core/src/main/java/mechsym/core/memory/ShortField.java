package mechsym.core.memory;

/**
 * A handle to an {@code int16} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code short} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface ShortField extends FieldHandle permits FieldRecords.ShortHandle {
    /** The value in the current record of {@code record}. */
    short get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, short value);
}
