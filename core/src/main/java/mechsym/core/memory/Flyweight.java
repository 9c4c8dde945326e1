package mechsym.core.memory;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A movable window onto one record of a {@link RecordStore}: extend it with accessors that call
 * {@code static final} field handles, {@linkplain RecordStore#bind bind} it to a store, then
 * {@link #moveTo(long)} a record and read or write its fields. The same flyweight class works over
 * array-of-structures and columnar storage.
 *
 * <p><b>Thread safety:</b> a flyweight is mutable and confined to one thread; give each thread its
 * own. <b>Allocation:</b> binding allocates nothing and {@code moveTo} and every scalar field
 * access allocate nothing, so scans over millions of records create no garbage.
 *
 * <p><b>Bounds:</b> {@code moveTo} throws {@link IndexOutOfBoundsException} ("record index 7 out of
 * bounds for store size 5") unless {@code 0 <= index < store.size()}. Field access before the first {@code
 * moveTo}, bound or not, throws {@code IndexOutOfBoundsException} (the memory segment's check). A handle taken
 * from another layout fails an assertion when assertions are enabled ({@code -ea}); without them it
 * reads or writes the bytes at its own offset, which the segment still confines to the store's
 * memory. No access ever reaches outside the store. Access after the store is closed throws {@link
 * IllegalStateException}.
 *
 * <p><b>Speed:</b> write one small accessor per field, each calling one {@code static final}
 * handle, as the post's flyweight does. A single method that sets many fields compiles to a large
 * body; once C2 has compiled it on its own it stops inlining it into hot loops ("already compiled
 * into a big method"), and a fill loop then pays a call per record.
 */
public abstract class Flyweight {
    private final RecordLayout layout;
    private RecordStore store;
    // array-of-structures: the record area; columnar: null. Unbound: the empty NULL segment, so a
    // field access refuses with the segment's IndexOutOfBoundsException rather than a bare NPE
    MemorySegment records = MemorySegment.NULL;
    // columnar: one segment per field; array-of-structures: null
    MemorySegment[] columns;
    // before the first move -1, so every field's offset is negative and the segment refuses the access
    long index = -1;

    /** Creates an unbound flyweight for records of {@code layout}. */
    protected Flyweight(RecordLayout layout) {
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    /** The layout this flyweight reads. */
    public final RecordLayout layout() {
        return layout;
    }

    /** The store this flyweight is bound to, or null. */
    public final RecordStore store() {
        return store;
    }

    /** The index of the current record, or -1 before the first move. */
    public final long index() {
        return index;
    }

    /**
     * Moves to the record at {@code index}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= index < store().size()}
     * @throws IllegalStateException if the flyweight is not bound to a store
     */
    public final void moveTo(long index) {
        RecordStore current = store;
        if (current == null) {
            throw notBound();
        }
        long size = current.size;
        if (index < 0 || index >= size) {
            throw outOfBounds(index, size);
        }
        this.index = index;
    }

    // cold paths out of line, so moveTo stays small enough to inline everywhere
    private static IllegalStateException notBound() {
        return new IllegalStateException("flyweight is not bound to a store: call RecordStore.bind first");
    }

    private static IndexOutOfBoundsException outOfBounds(long index, long size) {
        return new IndexOutOfBoundsException("record index " + index + " out of bounds for store size " + size);
    }

    final void bind(RecordStore store, MemorySegment records, MemorySegment[] columns) {
        this.store = store;
        this.records = records;
        this.columns = columns;
        this.index = -1;
    }

    /** Positions without the size check; the caller has checked against the capacity. */
    final void moveToUnchecked(long index) {
        this.index = index;
    }

    /** The segment holding {@code column}. */
    final MemorySegment segment(int column) {
        MemorySegment[] c = columns;
        return c == null ? records : c[column];
    }

    /**
     * The offset, in its segment, of the current record's field at {@code fieldOffset} of {@code
     * fieldSize} bytes, in records of {@code stride} bytes. A constant handle passes constants, so in
     * a loop the offset is {@code index * constant + constant} and the bounds check leaves the loop.
     */
    final long at(long fieldOffset, long stride, long fieldSize) {
        return columns == null ? index * stride + fieldOffset : index * fieldSize;
    }
}
