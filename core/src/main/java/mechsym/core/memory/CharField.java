package mechsym.core.memory;

/**
 * A handle to a {@code char16} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code char} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface CharField extends FieldHandle permits FieldRecords.CharHandle {
    /** The value in the current record of {@code record}. */
    char get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, char value);
}
