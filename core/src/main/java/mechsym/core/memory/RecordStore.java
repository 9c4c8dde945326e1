package mechsym.core.memory;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Records of one {@link RecordLayout} in off-heap memory, read and written through {@link
 * Flyweight}s: in an {@link Arena} ({@link Builder#allocate()}) or in a memory-mapped file ({@link
 * Builder#create(Path)}, {@link Builder#open(Path)}, {@link Builder#openReadOnly(Path)}), laid out
 * as {@linkplain StorageForm#ARRAY_OF_STRUCTURES array of structures} or {@linkplain
 * StorageForm#COLUMNAR columnar}. A store owns its memory: {@link #close()} releases it.
 *
 * <pre>{@code
 * try (RecordStore store = RecordStore.builder(Trade.LAYOUT).capacity(1_000_000).allocate()) {
 *     Trade trade = store.bind(new Trade());
 *     store.append(trade);                      // moves to a new record at index size()
 *     trade.price(100);
 *     store.publish();                          // readers may now see it
 *     for (long i = 0; i < store.size(); i++) { // allocates nothing
 *         trade.moveTo(i);
 *         sum += trade.price();
 *     }
 * }
 * }</pre>
 *
 * <h2>Size, capacity and publication</h2>
 *
 * The capacity is fixed when the store is made. {@link #size()} is the number of records the
 * store's own flyweights may visit; the writer grows it with {@link #append} or {@link #setSize}.
 * {@link #publish()} makes the size visible to readers with a <em>release</em> store (into the
 * file header for a mapped file), after the records it counts were written; a reader's {@link
 * #refresh()} reads it with an <em>acquire</em> load, so every record it counts is fully visible.
 *
 * <h2>Thread safety</h2>
 *
 * <ul>
 *   <li>Confined (the default): every access from the thread that made the store. A record access
 *       (a flyweight's field read or write) from another thread throws {@link WrongThreadException},
 *       the memory segment's own check; the store's bookkeeping methods ({@code append}, {@code
 *       setSize}, {@code size}, ...) are for that thread only too, but are not checked, except {@link
 *       #close()}, which throws {@link WrongThreadException} and releases nothing.
 *   <li>{@linkplain Builder#shared() Shared}: one thread at a time writes (append, field sets,
 *       publish, clear, flush); other threads read through their own {@link #view()} and their
 *       own flyweights, seeing the records published before the view's last refresh. Rewriting a
 *       record that a reader is reading is a data race (a reader may see a mix of old and new
 *       fields).
 *   <li>Files: one writer process at a time (an exclusive file lock, taken by {@code create} and
 *       {@code open}, released on close or when the process dies); any number of {@code
 *       openReadOnly} readers in this or other processes, with the same publish / refresh rule.
 * </ul>
 *
 * <h2>Failure behaviour</h2>
 *
 * <ul>
 *   <li>Access after {@link #close()} (or on a view of a closed store) throws {@link
 *       IllegalStateException}; the JVM never crashes, even if a shared store is closed while
 *       another thread reads it.
 *   <li>{@link Flyweight#moveTo} outside {@code [0, size())} throws {@link
 *       IndexOutOfBoundsException} naming the index and the size.
 *   <li>Opening a file whose header does not match (another layout fingerprint, format version,
 *       bad magic, checksum, truncated body) throws {@link RecordFileException} before anything is
 *       written: the file is left as it was.
 * </ul>
 *
 * <h2>Durability (files)</h2>
 *
 * Records are written into the shared file mapping, so they survive the writer's death: after a
 * {@code kill -9} of the writer, a reopen sees the last published count and every record it
 * counts (a consistent prefix); records appended but not published are ignored and overwritten by
 * the next appends. {@link #flush()} publishes and then forces the records and then the header to
 * the storage device: after it returns, the published records survive a power loss or kernel
 * crash. Records published after the last flush may reach the disk in any order in such a crash.
 */
public final class RecordStore implements AutoCloseable {
    private static final VarHandle PUBLISHED;
    private static final VarHandle HEADER_COUNT =
            ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN).varHandle();
    private static final long ARENA_COLUMN_ALIGNMENT = 64;

    static {
        try {
            PUBLISHED = MethodHandles.lookup().findVarHandle(RecordStore.class, "published", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RecordLayout layout;
    private final StorageForm form;
    private final long capacity;
    private final RecordStore source;
    private final Arena arena;
    private final MemorySegment data;
    private final MemorySegment records;
    private final MemorySegment[] columns;
    private final MemorySegment header;
    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;
    private final boolean readOnly;
    private final boolean hugePagesAdvised;
    // a file's header checksum, which seals the count published into it
    private final long countSeal;
    // the writer's size: read by the flyweights of this store, written by its one writer thread
    long size;
    // the published size of an arena store; accessed with acquire / release only
    @SuppressWarnings("unused")
    private long published;

    private boolean closed;

    private RecordStore(
            RecordLayout layout,
            StorageForm form,
            long capacity,
            RecordStore source,
            Arena arena,
            MemorySegment data,
            MemorySegment header,
            Path path,
            FileChannel channel,
            FileLock lock,
            boolean readOnly,
            boolean hugePagesAdvised) {
        this.layout = layout;
        this.form = form;
        this.capacity = capacity;
        this.source = source == null ? this : source;
        this.arena = arena;
        this.data = data;
        this.header = header;
        this.path = path;
        this.channel = channel;
        this.lock = lock;
        this.readOnly = readOnly;
        this.hugePagesAdvised = hugePagesAdvised;
        this.countSeal = header == null ? 0 : RecordFileHeader.checksumOf(header);
        if (form == StorageForm.ARRAY_OF_STRUCTURES) {
            this.records = data.asSlice(0, Math.multiplyExact(capacity, layout.recordSize()));
            this.columns = null;
        } else {
            long alignment = header == null ? ARENA_COLUMN_ALIGNMENT : RecordFileHeader.COLUMN_ALIGNMENT;
            long[] offsets = RecordFileHeader.columnOffsets(layout, capacity, 0, alignment);
            this.records = null;
            this.columns = new MemorySegment[layout.fields().size()];
            for (FieldDescriptor field : layout.fields()) {
                columns[field.column()] = data.asSlice(offsets[field.column()], capacity * field.size());
            }
        }
    }

    /** Starts describing a store for records of {@code layout}. */
    public static Builder builder(RecordLayout layout) {
        return new Builder(layout);
    }

    /**
     * Reads and checks the header of a record file without knowing its layout; writes nothing.
     *
     * @throws RecordFileException if the file is not a valid record file
     * @throws IOException if it cannot be read
     */
    public static RecordFileInfo describe(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            RecordFileInfo info = RecordFileHeader.read(path, channel);
            checkExtent(info);
            return info;
        }
    }

    /** The layout of the records. */
    public RecordLayout layout() {
        return layout;
    }

    /** The storage form. */
    public StorageForm form() {
        return form;
    }

    /** The number of records the store has room for. */
    public long capacity() {
        return capacity;
    }

    /** The number of records this store's flyweights may visit (see the class comment). */
    public long size() {
        return size;
    }

    /** The file behind the store, or null for an arena store. */
    public Path path() {
        return path;
    }

    /** Whether writes are refused (a view, or a file opened read-only). */
    public boolean isReadOnly() {
        return readOnly;
    }

    /** Whether {@link #close()} was called on this store. */
    public boolean isClosed() {
        return closed;
    }

    /** Whether the memory was advised {@code MADV_HUGEPAGE} (see {@link OffHeapMemory}). */
    public boolean hugePagesAdvised() {
        return hugePagesAdvised;
    }

    /** The bytes of memory (or of file after the header) holding the records. */
    public long dataBytes() {
        return data.byteSize();
    }

    /**
     * Binds {@code flyweight} to this store (unbinding it from any other) and returns it.
     *
     * @throws IllegalArgumentException if its layout is not this store's layout
     * @throws IllegalStateException if the store is closed
     */
    public <F extends Flyweight> F bind(F flyweight) {
        if (!flyweight.layout().equals(layout)) {
            throw new IllegalArgumentException(
                    "flyweight layout " + flyweight.layout() + " does not match store layout " + layout);
        }
        checkOpen();
        flyweight.bind(this, records, columns);
        return flyweight;
    }

    /**
     * Adds a record at index {@link #size()} and moves {@code flyweight} to it. The record holds
     * whatever the memory held (zeros for fresh memory) until written. Readers see it after the
     * next {@link #publish()}.
     *
     * @return the new record's index
     * @throws IllegalStateException if the store is full or closed
     * @throws IllegalArgumentException if {@code flyweight} is not bound to this store
     * @throws UnsupportedOperationException if the store is read-only
     */
    public long append(Flyweight flyweight) {
        if (flyweight.store() != this) {
            throw new IllegalArgumentException("flyweight is not bound to this store");
        }
        checkWritable();
        long index = size;
        if (index >= capacity) {
            throw new IllegalStateException("store is full: capacity " + capacity + " records");
        }
        size = index + 1;
        flyweight.moveToUnchecked(index);
        return index;
    }

    /**
     * Sets the size directly, e.g. to fill a store by index. Records between the old and new size
     * hold whatever the memory held. Not published until {@link #publish()}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= newSize <= capacity()}
     */
    public void setSize(long newSize) {
        checkWritable();
        Objects.checkIndex(newSize, capacity + 1);
        size = newSize;
    }

    /** Sets the size to zero and publishes it; the memory is kept (and stays touched) for reuse. */
    public void clear() {
        setSize(0);
        publish();
    }

    /**
     * Publishes the current size to readers with a release store (into the file header for a
     * file), so it is seen only after the records it counts.
     */
    public void publish() {
        checkWritable();
        if (header != null) {
            HEADER_COUNT.setRelease(header, RecordFileHeader.COUNT_OFFSET, RecordFileHeader.sealCount(size, countSeal));
        } else {
            PUBLISHED.setRelease(this, size);
        }
    }

    /**
     * The last published size, read with an acquire load.
     *
     * @throws IllegalStateException if a file's count was changed behind this store and does not
     *     match its check
     */
    public long publishedSize() {
        checkOpen();
        if (header != null) {
            long word = (long) HEADER_COUNT.getAcquire(header, RecordFileHeader.COUNT_OFFSET);
            long count = RecordFileHeader.unsealCount(word, countSeal);
            if (count < 0 || count > capacity) {
                throw new IllegalStateException(
                        path + ": corrupt header: the record count at offset 40 does not match its check");
            }
            return count;
        }
        return (long) PUBLISHED.getAcquire(source);
    }

    /**
     * For a read-only store, sets the size to the published size; a writable store keeps its own.
     *
     * @return the size
     */
    public long refresh() {
        if (readOnly) {
            long published = publishedSize();
            if (published < 0 || published > capacity) {
                throw new IllegalStateException("published count " + published
                        + (published < 0 ? " is negative" : " exceeds capacity " + capacity));
            }
            size = published;
        }
        return size;
    }

    /**
     * A read-only store over the same memory for another thread, sized at the published size; it
     * needs no closing and fails with {@link IllegalStateException} once this store is closed.
     * Across threads this needs a {@linkplain Builder#shared() shared} store.
     */
    public RecordStore view() {
        checkOpen();
        RecordStore view = new RecordStore(
                layout,
                form,
                capacity,
                source,
                null,
                data.asReadOnly(),
                header == null ? null : header.asReadOnly(),
                path,
                null,
                null,
                true,
                hugePagesAdvised);
        view.refresh();
        return view;
    }

    /**
     * The record area (array-of-structures form), read-only, e.g. for bulk copies.
     *
     * @throws IllegalStateException if the store is columnar
     */
    public MemorySegment recordsSegment() {
        if (records == null) {
            throw new IllegalStateException("a columnar store has no record area; use columnSegment");
        }
        return records.asReadOnly();
    }

    /**
     * The column of the field at {@code column} (its {@link FieldDescriptor#column()}; columnar
     * form), read-only.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= column < layout().fields().size()}
     * @throws IllegalStateException if the store is array-of-structures
     */
    public MemorySegment columnSegment(int column) {
        if (columns == null) {
            throw new IllegalStateException("an array-of-structures store has no columns; use recordsSegment");
        }
        if (column < 0 || column >= columns.length) {
            throw new IndexOutOfBoundsException(
                    "column " + column + " out of bounds for a layout of " + columns.length + " fields");
        }
        return columns[column].asReadOnly();
    }

    /**
     * Publishes, then forces the records and then the header of a file store to the storage
     * device. For an arena store, only publishes. Device errors surface as {@link
     * java.io.UncheckedIOException}.
     */
    public void flush() {
        publish();
        if (header != null) {
            data.force();
            header.force();
        }
    }

    /**
     * Publishes the size (for a writer), releases the file lock and the memory. Idempotent. A
     * view's close only marks the view closed.
     *
     * @throws WrongThreadException if a confined store is closed from a thread other than the one
     *     that made it; nothing is published or released then, and the store stays open
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        if (arena != null && !data.isAccessibleBy(Thread.currentThread())) {
            // before anything changes: the arena would refuse to close after the lock was released
            throw new WrongThreadException("record store is confined to the thread that made it; close it there");
        }
        try {
            if (!readOnly && arena != null && arena.scope().isAlive()) {
                publish();
            }
        } finally {
            // The memory goes first: if the arena refuses to close (a shared one still acquired by
            // another thread), nothing else has changed, the file stays locked, and close() can be
            // called again.
            if (arena != null) {
                arena.close();
            }
            closed = true;
            try {
                if (lock != null && lock.isValid()) {
                    lock.release();
                }
            } finally {
                if (channel != null) {
                    channel.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "RecordStore[" + form + ", size " + size + " of " + capacity + ", "
                + (path == null ? "arena" : path.toString()) + (readOnly ? ", read-only" : "")
                + (closed ? ", closed" : "") + ", " + layout + "]";
    }

    private void checkOpen() {
        if (closed || !data.scope().isAlive()) {
            throw new IllegalStateException("record store is closed");
        }
    }

    private void checkWritable() {
        checkOpen();
        if (readOnly) {
            throw new UnsupportedOperationException("record store is read-only");
        }
    }

    private static long dataExtent(RecordLayout layout, StorageForm form, long capacity) {
        return form == StorageForm.ARRAY_OF_STRUCTURES
                ? Math.multiplyExact(capacity, layout.recordSize())
                : RecordFileHeader.columnOffsets(layout, capacity, 0, RecordFileHeader.COLUMN_ALIGNMENT)[
                        layout.fields().size()];
    }

    private static void checkExtent(RecordFileInfo info) throws RecordFileException {
        long needed;
        try {
            // a lower bound for both forms: columns are padded, never smaller
            needed = RecordFileHeader.SIZE + Math.multiplyExact(info.capacity(), info.recordSize());
        } catch (ArithmeticException overflow) {
            throw new RecordFileException(info.path(), "corrupt header: capacity " + info.capacity() + " overflows");
        }
        if (info.fileSize() < needed) {
            throw new RecordFileException(
                    info.path(),
                    "truncated: " + info.fileSize() + " bytes, the header says " + info.capacity() + " records need "
                            + needed);
        }
    }

    /**
     * Options for a new or reopened store; not thread-safe. Defaults: array of structures,
     * confined, {@link PagePolicy#DEFAULT}; the capacity must be given for {@code allocate} and
     * {@code create}.
     */
    public static final class Builder {
        private final RecordLayout layout;
        private StorageForm form = StorageForm.ARRAY_OF_STRUCTURES;
        private long capacity = -1;
        private boolean shared;
        private PagePolicy pagePolicy = PagePolicy.DEFAULT;

        private Builder(RecordLayout layout) {
            this.layout = Objects.requireNonNull(layout, "layout");
        }

        /** The storage form of a new store (a reopened file keeps its own). */
        public Builder form(StorageForm form) {
            this.form = Objects.requireNonNull(form, "form");
            return this;
        }

        /** The number of records a new store has room for. */
        public Builder capacity(long capacity) {
            if (capacity < 0) {
                throw new IllegalArgumentException("capacity must be >= 0: " + capacity);
            }
            this.capacity = capacity;
            return this;
        }

        /** Use a shared arena, so other threads may read through {@link RecordStore#view()}. */
        public Builder shared() {
            this.shared = true;
            return this;
        }

        /** How fresh memory of an arena store is obtained (ignored for files). */
        public Builder pagePolicy(PagePolicy pagePolicy) {
            this.pagePolicy = Objects.requireNonNull(pagePolicy, "pagePolicy");
            return this;
        }

        /**
         * A new store in off-heap memory of its own arena.
         *
         * @throws IllegalStateException if no capacity was given
         * @throws IllegalArgumentException if the capacity's records take more bytes than a long holds
         * @throws OutOfMemoryError if the memory cannot be had (see {@link OffHeapMemory#allocate})
         */
        public RecordStore allocate() {
            requireCapacity();
            long bytes = newExtent(ARENA_COLUMN_ALIGNMENT, 0);
            Arena arena = shared ? Arena.ofShared() : Arena.ofConfined();
            try {
                OffHeapMemory.Allocation allocation = OffHeapMemory.allocate(arena, bytes, pagePolicy);
                return new RecordStore(
                        layout,
                        form,
                        capacity,
                        null,
                        arena,
                        allocation.segment(),
                        null,
                        null,
                        null,
                        null,
                        false,
                        allocation.hugePagesAdvised());
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }

        /**
         * A new record file of the given capacity (sparse: only written pages take disk space).
         *
         * @throws java.nio.file.FileAlreadyExistsException if the file exists (it is not touched)
         * @throws IllegalStateException if no capacity was given
         * @throws IllegalArgumentException if the capacity is more than 2^48 - 1 records (the header's
         *     count has 48 bits), the file (header and records) would take more bytes than a long
         *     holds, or the layout's descriptor does not fit the header; no file is made
         */
        public RecordStore create(Path path) throws IOException {
            requireCapacity();
            long extent = newExtent(RecordFileHeader.COLUMN_ALIGNMENT, RecordFileHeader.SIZE);
            if (capacity > RecordFileHeader.MAX_CAPACITY) {
                throw new IllegalArgumentException("capacity " + capacity + " records: a record file holds at most "
                        + RecordFileHeader.MAX_CAPACITY + " (2^48 - 1)");
            }
            long fileSize = RecordFileHeader.SIZE + extent; // newExtent checked that this fits
            var headerBytes = RecordFileHeader.encode(layout, form, capacity);
            FileChannel channel = FileChannel.open(
                    path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                FileLock lock = channel.lock();
                try {
                    // size first, header last: a file with a valid header always has its full length
                    channel.write(java.nio.ByteBuffer.allocate(1), fileSize - 1);
                    while (headerBytes.hasRemaining()) {
                        channel.write(headerBytes, headerBytes.position());
                    }
                    channel.force(true);
                    return map(path, channel, lock, form, capacity, false);
                } catch (IOException e) {
                    // e.g. "File too large", "No space left on device", "Map failed": say which file, how large
                    throw new RecordFileException(
                            path,
                            "cannot make a file of " + fileSize + " bytes for " + capacity + " records ("
                                    + e.getMessage() + ")");
                }
            } catch (IOException | RuntimeException | Error e) {
                channel.close();
                java.nio.file.Files.deleteIfExists(path);
                throw e;
            }
        }

        /**
         * Reopens a record file for reading and appending; its size is the published count.
         *
         * @throws RecordFileException if the file's layout fingerprint is not this builder's, or the
         *     file is not a valid record file, or another writer holds it; nothing is written then
         */
        public RecordStore open(Path path) throws IOException {
            return open(path, false);
        }

        /** Reopens a record file read-only; its size is the published count (see {@code refresh}). */
        public RecordStore openReadOnly(Path path) throws IOException {
            return open(path, true);
        }

        private RecordStore open(Path path, boolean readOnly) throws IOException {
            FileChannel channel = readOnly
                    ? FileChannel.open(path, StandardOpenOption.READ)
                    : FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                FileLock lock = null;
                if (!readOnly) {
                    try {
                        lock = channel.tryLock();
                    } catch (OverlappingFileLockException held) {
                        lock = null;
                    }
                    if (lock == null) {
                        throw new RecordFileException(path, "locked by another writer");
                    }
                }
                RecordFileInfo info = RecordFileHeader.read(path, channel);
                if (info.fingerprint() != layout.fingerprint()
                        || !info.layoutDescriptor().equals(layout.descriptor())) {
                    throw new RecordFileException(
                            path,
                            String.format(
                                    "layout mismatch: the file holds %s (fingerprint %016x), expected %s (fingerprint %016x)",
                                    info.layoutDescriptor(),
                                    info.fingerprint(),
                                    layout.descriptor(),
                                    layout.fingerprint()));
                }
                long needed; // the exact extent (checkExtent's lower bound is for describe, which has no layout)
                try {
                    needed = Math.addExact(RecordFileHeader.SIZE, dataExtent(layout, info.form(), info.capacity()));
                } catch (ArithmeticException overflow) {
                    throw new RecordFileException(path, "corrupt header: capacity " + info.capacity() + " overflows");
                }
                if (info.fileSize() < needed) {
                    throw new RecordFileException(
                            path,
                            "truncated: " + info.fileSize() + " bytes, but " + info.capacity() + " records need "
                                    + needed);
                }
                RecordStore store = map(path, channel, lock, info.form(), info.capacity(), readOnly);
                store.size = info.count();
                return store;
            } catch (IOException | RuntimeException | Error e) {
                channel.close();
                throw e;
            }
        }

        private RecordStore map(
                Path path, FileChannel channel, FileLock lock, StorageForm form, long capacity, boolean readOnly)
                throws IOException {
            long extent = dataExtent(layout, form, capacity);
            Arena arena = shared ? Arena.ofShared() : Arena.ofConfined();
            try {
                MemorySegment file = channel.map(
                        readOnly ? FileChannel.MapMode.READ_ONLY : FileChannel.MapMode.READ_WRITE,
                        0,
                        RecordFileHeader.SIZE + extent,
                        arena);
                return new RecordStore(
                        layout,
                        form,
                        capacity,
                        null,
                        arena,
                        file.asSlice(RecordFileHeader.SIZE, extent),
                        file.asSlice(0, RecordFileHeader.SIZE),
                        path,
                        channel,
                        lock,
                        readOnly,
                        false);
            } catch (IOException | RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }

        /** The bytes of a new store's records, checked to fit a long with {@code headerBytes} before them. */
        private long newExtent(long columnAlignment, long headerBytes) {
            try {
                long extent = form == StorageForm.ARRAY_OF_STRUCTURES
                        ? Math.multiplyExact(capacity, layout.recordSize())
                        : RecordFileHeader.columnOffsets(layout, capacity, 0, columnAlignment)[
                                layout.fields().size()];
                Math.addExact(headerBytes, extent);
                return extent;
            } catch (ArithmeticException overflow) {
                throw new IllegalArgumentException("capacity " + capacity + " records of " + layout.recordSize()
                        + " bytes: the store's size would overflow a long ("
                        + form.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                        + (headerBytes > 0 ? ", after a " + headerBytes + "-byte header)" : ")"));
            }
        }

        private void requireCapacity() {
            if (capacity < 0) {
                throw new IllegalStateException("capacity not set: call capacity(n) first");
            }
        }
    }
}
