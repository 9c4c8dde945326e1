package mechsym.core.memory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The header of a record file: one 4 KiB page, little-endian, records (or columns) after it.
 *
 * <pre>
 *  offset size field
 *       0    8 magic "MECHSYMR"
 *       8    4 format version (2)
 *      12    4 header size (4096)
 *      16    8 layout fingerprint (FNV-1a 64 of the descriptor)
 *      24    4 storage form (0 array of structures, 1 columnar)
 *      28    4 record size
 *      32    8 capacity (records)
 *      40    8 sealed record count: the count in bits 0-47, its check in bits 48-63; published
 *              with one release store after the records it counts
 *      48    8 checksum: FNV-1a 64 of bytes [0, 40) and [56, 60 + descriptor length)
 *      56    4 descriptor length
 *      60    n layout descriptor, UTF-8
 * </pre>
 *
 * <p>Everything but the count is written once at creation and covered by the checksum. The count
 * changes on every publish, so it carries its own check instead: 16 bits mixed from the count and
 * the header's checksum, in the same 8-byte word, so that one release store publishes both and a
 * reader never sees a count without its check. A count raised or damaged in the file is refused
 * (a chance of 1 in 65,536 that damage passes). The count thus has 48 bits: a file holds at most
 * {@link #MAX_CAPACITY} records.
 */
final class RecordFileHeader {
    static final int SIZE = 4096;
    static final int FORMAT_VERSION = 2;
    /** The most records a file holds: the count's 48 bits. */
    static final long MAX_CAPACITY = (1L << 48) - 1;

    static final long COUNT_OFFSET = 40;
    private static final int COUNT_OFFSET_INT = 40;
    private static final byte[] MAGIC = "MECHSYMR".getBytes(StandardCharsets.US_ASCII);
    private static final int CHECKSUM_OFFSET = 48;
    private static final int DESCRIPTOR_OFFSET = 60;
    static final long COLUMN_ALIGNMENT = 4096;

    private RecordFileHeader() {}

    /** A header for a new file. */
    static ByteBuffer encode(RecordLayout layout, StorageForm form, long capacity) {
        byte[] descriptor = layout.descriptor().getBytes(StandardCharsets.UTF_8);
        if (DESCRIPTOR_OFFSET + descriptor.length > SIZE) {
            throw new IllegalArgumentException("layout descriptor too long for a record file header ("
                    + descriptor.length + " bytes, at most " + (SIZE - DESCRIPTOR_OFFSET) + ")");
        }
        ByteBuffer header = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        header.put(0, MAGIC);
        header.putInt(8, FORMAT_VERSION);
        header.putInt(12, SIZE);
        header.putLong(16, layout.fingerprint());
        header.putInt(24, form.ordinal());
        header.putInt(28, (int) layout.recordSize());
        header.putLong(32, capacity);
        header.putInt(56, descriptor.length);
        header.put(DESCRIPTOR_OFFSET, descriptor);
        long checksum = checksum(header, descriptor.length);
        header.putLong(CHECKSUM_OFFSET, checksum);
        header.putLong(COUNT_OFFSET_INT, sealCount(0, checksum));
        return header;
    }

    /** The header's checksum, which seals its count: read from a mapped header. */
    static long checksumOf(java.lang.foreign.MemorySegment header) {
        return header.get(
                java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), CHECKSUM_OFFSET);
    }

    /** The word at offset 40 for {@code count} in a header of {@code checksum}. */
    static long sealCount(long count, long checksum) {
        return (check(count, checksum) << 48) | count;
    }

    /** The count sealed in {@code word}, or -1 if its check does not match. */
    static long unsealCount(long word, long checksum) {
        long count = word & MAX_CAPACITY;
        return (word >>> 48) == check(count, checksum) ? count : -1;
    }

    /** 16 bits of a 64-bit mix (SplitMix64's finaliser) of the count and the checksum. */
    private static long check(long count, long checksum) {
        long z = count ^ checksum;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return (z ^ (z >>> 31)) >>> 48;
    }

    private static long checksum(ByteBuffer header, int descriptorLength) {
        byte[] covered = new byte[40 + 4 + descriptorLength];
        header.get(0, covered, 0, 40);
        header.get(56, covered, 40, 4 + descriptorLength);
        return RecordLayout.fnv1a64(covered);
    }

    /** Reads and checks the header of {@code path}; nothing is written. */
    static RecordFileInfo read(Path path, FileChannel channel) throws IOException {
        long fileSize = channel.size();
        if (fileSize == 0) {
            throw new RecordFileException(path, "empty (0 bytes), not a mechsym record file");
        }
        ByteBuffer header = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        header.limit((int) Math.min(SIZE, fileSize));
        while (header.hasRemaining()) {
            if (channel.read(header, header.position()) < 0) {
                throw new RecordFileException(path, "truncated while reading the header");
            }
        }
        header.limit(SIZE);
        // the magic first: a file that is not a record file is not a truncated one
        int magicBytes = (int) Math.min(MAGIC.length, fileSize);
        byte[] magic = new byte[magicBytes];
        header.get(0, magic);
        if (!java.util.Arrays.equals(magic, 0, magicBytes, MAGIC, 0, magicBytes)) {
            throw new RecordFileException(path, "not a mechsym record file (bad magic at offset 0)");
        }
        if (fileSize < SIZE) {
            throw new RecordFileException(
                    path, "truncated: " + fileSize + " bytes, shorter than the " + SIZE + "-byte header");
        }
        int version = header.getInt(8);
        if (version != FORMAT_VERSION) {
            throw new RecordFileException(
                    path, "format version " + version + " at offset 8; this build reads version " + FORMAT_VERSION);
        }
        int descriptorLength = header.getInt(56);
        if (header.getInt(12) != SIZE || descriptorLength < 0 || descriptorLength > SIZE - DESCRIPTOR_OFFSET) {
            throw new RecordFileException(path, "corrupt header: bad header size or descriptor length");
        }
        if (header.getLong(CHECKSUM_OFFSET) != checksum(header, descriptorLength)) {
            throw new RecordFileException(path, "corrupt header: checksum mismatch at offset 48");
        }
        int formOrdinal = header.getInt(24);
        long recordSize = header.getInt(28);
        long capacity = header.getLong(32);
        if (formOrdinal < 0 || formOrdinal >= StorageForm.values().length || recordSize <= 0 || capacity < 0) {
            throw new RecordFileException(path, "corrupt header: bad storage form, record size or capacity");
        }
        if (capacity > MAX_CAPACITY) {
            throw new RecordFileException(
                    path, "corrupt header: capacity " + capacity + " is more than a record file holds (2^48 - 1)");
        }
        long count = unsealCount(header.getLong(COUNT_OFFSET_INT), header.getLong(CHECKSUM_OFFSET));
        if (count < 0) {
            throw new RecordFileException(
                    path, "corrupt header: the record count at offset 40 does not match its check (raised or damaged)");
        }
        if (count > capacity) {
            throw new RecordFileException(
                    path, "corrupt header: record count " + count + " at offset 40 exceeds capacity " + capacity);
        }
        byte[] descriptor = new byte[descriptorLength];
        header.get(DESCRIPTOR_OFFSET, descriptor);
        return new RecordFileInfo(
                path,
                version,
                StorageForm.values()[formOrdinal],
                new String(descriptor, StandardCharsets.UTF_8),
                header.getLong(16),
                recordSize,
                capacity,
                count,
                fileSize);
    }

    /**
     * Byte offsets of each column after the header, and the end of the data, for columnar files.
     *
     * @throws ArithmeticException if the end overflows a long
     */
    static long[] columnOffsets(RecordLayout layout, long capacity, long base, long alignment) {
        long[] offsets = new long[layout.fields().size() + 1];
        long at = base;
        for (FieldDescriptor field : layout.fields()) {
            offsets[field.column()] = at;
            long end = Math.addExact(at, Math.multiplyExact(capacity, (long) field.size()));
            at = Math.addExact(end, alignment - 1) / alignment * alignment; // alignUp, overflow checked
        }
        offsets[offsets.length - 1] = at;
        return offsets;
    }
}
