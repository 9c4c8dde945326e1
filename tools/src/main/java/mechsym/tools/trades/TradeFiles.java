package mechsym.tools.trades;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.core.memory.RecordFileInfo;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;

/** Trade files: made whole or not at all. Stateless and thread-safe. */
public final class TradeFiles {
    /**
     * Why a write to a store's mapped memory failed: the kernel could not back a page of the sparse
     * file (SIGBUS, which the JVM throws as an {@link InternalError}), nearly always a full device.
     */
    public static final String MAPPED_WRITE_FAULT =
            "cannot write the memory-mapped file: the file system could not back it (no space left on the device?)";

    private TradeFiles() {}

    /** Fills a new trade store; may throw the checked exceptions of its input. */
    @FunctionalInterface
    public interface Filler {
        void fill(RecordStore store, Trade trade) throws IOException;
    }

    /**
     * Writes a new trade file: into {@code PATH.partial} first, flushed to disk, then renamed over
     * {@code path}. If {@code filler} fails, the partial file is deleted and {@code path} is left
     * as it was.
     *
     * @return the number of trades written
     * @throws FileAlreadyExistsException if {@code path} exists and {@code replace} is false
     */
    public static long writeNew(Path path, long capacity, StorageForm form, boolean replace, Filler filler)
            throws IOException {
        if (!replace && Files.exists(path)) {
            throw new FileAlreadyExistsException(path.toString(), null, "exists; use --force to replace it");
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            // renaming over it would replace a folder's entry for a device (as root, /dev/null) or a pipe
            throw new IOException(path
                    + (Files.isDirectory(path)
                            ? ": is a directory, not a trade store"
                            : ": not a regular file (a device or a pipe); --force replaces only files"));
        }
        Path folder = path.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            throw new IOException(path + ": the folder " + path.getParent()
                    + (Files.exists(folder) ? " is a file, not a folder" : " does not exist"));
        }
        Path partial = path.resolveSibling(path.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        long written;
        boolean done = false;
        try {
            try (RecordStore store = RecordStore.builder(Trade.LAYOUT)
                    .form(form)
                    .capacity(capacity)
                    .create(partial)) {
                try {
                    filler.fill(store, store.bind(new Trade()));
                    store.flush();
                } catch (InternalError fault) {
                    throw new IOException(partial + ": " + MAPPED_WRITE_FAULT, fault);
                }
                written = store.size();
            }
            Files.move(partial, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(partial);
            }
        }
        return written;
    }

    /**
     * What a new trade store is made with.
     *
     * @param columnar one column per field instead of records
     * @param capacity room for this many trades (a sparse file: room not yet used takes no disk)
     * @param replace replace the file if it exists
     */
    public record NewStore(boolean columnar, long capacity, boolean replace) {
        StorageForm form() {
            return columnar ? StorageForm.COLUMNAR : StorageForm.ARRAY_OF_STRUCTURES;
        }
    }

    /** {@link #writeNew(Path, long, StorageForm, boolean, Filler)} as {@code spec} says. */
    public static long writeNew(Path path, NewStore spec, Filler filler) throws IOException {
        return writeNew(path, spec.capacity(), spec.form(), spec.replace(), filler);
    }

    /**
     * What the header of the trade store {@code path} says, in order: file, format version, form,
     * layout, its fingerprint and whether it is the trade layout, record size, capacity, count, file
     * size, bytes of data.
     */
    public static Map<String, Object> describe(Path path) throws IOException {
        RecordFileInfo info = RecordStore.describe(path);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("file", info.path().toString());
        fields.put("formatVersion", info.formatVersion());
        fields.put("form", info.form().name());
        fields.put("layout", info.layoutDescriptor());
        fields.put("fingerprint", String.format("%016x", info.fingerprint()));
        fields.put("isTradeLayout", info.fingerprint() == Trade.LAYOUT.fingerprint());
        fields.put("recordSize", info.recordSize());
        fields.put("capacity", info.capacity());
        fields.put("count", info.count());
        fields.put("fileSize", info.fileSize());
        fields.put("dataBytes", info.count() * info.recordSize());
        return fields;
    }

    /** Opens a trade file for reading. */
    public static RecordStore openReadOnly(Path path) throws IOException {
        return RecordStore.builder(Trade.LAYOUT).openReadOnly(path);
    }

    /** Opens a trade file for appending (one writer at a time). */
    public static RecordStore openForAppend(Path path) throws IOException {
        return RecordStore.builder(Trade.LAYOUT).open(path);
    }
}
