package mechsym.core.memory;

/**
 * A handle to a {@code float32} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code float} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface FloatField extends FieldHandle permits FieldRecords.FloatHandle {
    /** The value in the current record of {@code record}. */
    float get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, float value);
}
