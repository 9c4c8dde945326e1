package mechsym.core.memory;

/**
 * A handle to an {@code int64} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code long} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface LongField extends FieldHandle permits FieldRecords.LongHandle {
    /** The value in the current record of {@code record}. */
    long get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, long value);
}
