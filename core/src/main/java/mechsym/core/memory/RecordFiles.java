package mechsym.core.memory;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file side of {@link RecordStore}: creating a record file at its full (sparse) size, header
 * last; reopening one, checking its header, layout and length and taking the writer's lock; mapping
 * it; and describing one without its layout. What a store does with the mapped memory stays in
 * {@link RecordStore}. Stateless; each call uses its own channel.
 */
final class RecordFiles {
    private RecordFiles() {}

    static RecordStore create(
            Path path, RecordLayout layout, StorageForm form, long capacity, long extent, boolean shared)
            throws IOException {
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
                return map(path, channel, lock, layout, form, capacity, false, shared);
            } catch (IOException e) {
                // e.g. "File too large", "No space left on device", "Map failed": say which file, how large
                throw new RecordFileException(
                        path,
                        "cannot make a file of " + fileSize + " bytes for " + capacity + " records (" + e.getMessage()
                                + ")");
            }
        } catch (IOException | RuntimeException | Error e) {
            channel.close();
            java.nio.file.Files.deleteIfExists(path);
            throw e;
        }
    }

    static RecordStore open(Path path, RecordLayout layout, boolean shared, boolean readOnly) throws IOException {
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
                        "truncated: " + info.fileSize() + " bytes, but " + info.capacity() + " records need " + needed);
            }
            RecordStore store = map(path, channel, lock, layout, info.form(), info.capacity(), readOnly, shared);
            store.size = info.count();
            return store;
        } catch (IOException | RuntimeException | Error e) {
            channel.close();
            throw e;
        }
    }

    private static RecordStore map(
            Path path,
            FileChannel channel,
            FileLock lock,
            RecordLayout layout,
            StorageForm form,
            long capacity,
            boolean readOnly,
            boolean shared)
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

    static RecordFileInfo describe(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            RecordFileInfo info = RecordFileHeader.read(path, channel);
            checkExtent(info);
            return info;
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
}
