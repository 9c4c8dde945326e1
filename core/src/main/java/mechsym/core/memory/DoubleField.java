package mechsym.core.memory;

/**
 * A handle to a {@code float64} field: {@code get} and {@code set} are plain loads and stores of
 * a {@code double} in the flyweight's current record. Immutable and thread-safe; see {@link
 * FieldHandle} for bounds and {@link Flyweight} for threading.
 */
public sealed interface DoubleField extends FieldHandle permits FieldRecords.DoubleHandle {
    /** The value in the current record of {@code record}. */
    double get(Flyweight record);

    /** Stores {@code value} in the current record of {@code record}. */
    void set(Flyweight record, double value);
}
