package mechsym.core.memory;

/**
 * A handle to one field of a {@link RecordLayout}, obtained from the layout by name and type. Keep
 * handles in {@code static final} fields: the JIT then folds the field's offset, the record's size
 * and the value layout into the access, which compiles to a plain load or store, and in a loop over
 * records it hoists the bounds check out of the loop. Immutable and thread-safe; the flyweight
 * passed to it is not (see {@link Flyweight}).
 *
 * <p>Values are little-endian, unaligned accesses are allowed (packed layouts need them), and
 * every access is bounds-checked by the FFM API, so a misused handle can never reach outside the
 * store's memory: it throws, or at worst reads the wrong bytes of the store, and never crashes.
 * {@code toString} is the field as the layout's descriptor writes it ({@code price:int64@24}).
 */
public sealed interface FieldHandle
        permits ByteField, ShortField, CharField, IntField, LongField, FloatField, DoubleField, BytesField {
    /** The layout this field belongs to. */
    RecordLayout layout();

    /** The field's name, type, size, offset and column. */
    FieldDescriptor descriptor();
}
