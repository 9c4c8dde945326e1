package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Mapped record files: reopen, header checks, nothing overwritten on a mismatch. */
class RecordFileTest {
    private static final RecordLayout LAYOUT = AllTypes.PACKED;

    @TempDir
    Path dir;

    private Path writeFile(StorageForm form, long capacity, long records) throws IOException {
        Path path = dir.resolve("store-" + form + ".rec");
        try (RecordStore store =
                RecordStore.builder(LAYOUT).form(form).capacity(capacity).create(path)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            for (long i = 0; i < records; i++) {
                store.append(record);
                record.longValue(i * 3);
            }
            store.flush();
        }
        return path;
    }

    private static String digest(Path path) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path)));
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void reopenSeesThePublishedRecordsAndAppendsAfterThem(StorageForm form) throws IOException {
        Path path = writeFile(form, 100, 40);
        RecordFileInfo info = RecordStore.describe(path);
        assertThat(info.count()).isEqualTo(40);
        assertThat(info.capacity()).isEqualTo(100);
        assertThat(info.form()).isEqualTo(form);
        assertThat(info.layoutDescriptor()).isEqualTo(LAYOUT.descriptor());
        assertThat(info.fingerprint()).isEqualTo(LAYOUT.fingerprint());
        assertThat(info.formatVersion()).isEqualTo(2);

        try (RecordStore store = RecordStore.builder(LAYOUT).open(path)) {
            assertThat(store.form()).isEqualTo(form);
            assertThat(store.size()).isEqualTo(40);
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            record.moveTo(39);
            assertThat(record.longValue()).isEqualTo(117);
            assertThat(store.append(record)).isEqualTo(40);
            record.longValue(-1);
        } // close publishes
        try (RecordStore store = RecordStore.builder(LAYOUT).openReadOnly(path)) {
            assertThat(store.size()).isEqualTo(41);
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            long sum = 0;
            for (long i = 0; i < store.size(); i++) {
                record.moveTo(i);
                sum += record.longValue();
            }
            assertThat(sum).isEqualTo(3 * (39 * 40 / 2) - 1);
            assertThatThrownBy(() -> store.append(record)).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> record.longValue(1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aReaderFollowsAWriterThroughRefresh() throws IOException {
        Path path = dir.resolve("live.rec");
        try (RecordStore writer = RecordStore.builder(LAYOUT).capacity(10).create(path);
                RecordStore reader = RecordStore.builder(LAYOUT).openReadOnly(path)) {
            AllTypes w = writer.bind(new AllTypes(LAYOUT));
            writer.append(w);
            w.longValue(5);
            assertThat(reader.refresh()).isZero();
            writer.publish();
            assertThat(reader.refresh()).isEqualTo(1);
            AllTypes r = reader.bind(new AllTypes(LAYOUT));
            r.moveTo(0);
            assertThat(r.longValue()).isEqualTo(5);
            assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                    .isInstanceOf(RecordFileException.class)
                    .hasMessageContaining("locked by another writer");
        }
    }

    @Test
    void closingAConfinedFileStoreFromAnotherThreadKeepsItsLockAndItsCount() throws Exception {
        Path path = dir.resolve("confined.rec");
        RecordStore store = RecordStore.builder(LAYOUT).capacity(10).create(path);
        AllTypes record = store.bind(new AllTypes(LAYOUT));
        store.append(record);
        record.longValue(5);
        assertThat(LifecycleTest.closeOnAnotherThread(store)).isInstanceOf(WrongThreadException.class);
        assertThat(store.isClosed()).isFalse();
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                .as("still locked: the store still writes this file")
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("locked by another writer");
        store.close();
        try (RecordStore reopened = RecordStore.builder(LAYOUT).open(path)) {
            assertThat(reopened.size()).isEqualTo(1);
        }
    }

    @Test
    void createNeverOverwritesAnExistingFile() throws Exception {
        Path path = writeFile(StorageForm.ARRAY_OF_STRUCTURES, 10, 3);
        String before = digest(path);
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).capacity(5).create(path))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(digest(path)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aDifferentLayoutIsRefusedAndTheFileIsUntouched(StorageForm form) throws Exception {
        Path path = writeFile(form, 10, 3);
        String before = digest(path);
        RecordLayout other = RecordLayout.packed().int64("l").build();
        assertThatThrownBy(() -> RecordStore.builder(other).open(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining(path.toString())
                .hasMessageContaining("layout mismatch")
                .hasMessageContaining(LAYOUT.descriptor())
                .hasMessageContaining(other.descriptor());
        assertThatThrownBy(() -> RecordStore.builder(AllTypes.ALIGNED).openReadOnly(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("layout mismatch");
        assertThat(digest(path)).isEqualTo(before);
        try (RecordStore store = RecordStore.builder(LAYOUT).open(path)) {
            assertThat(store.size()).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aTruncatedFileIsRefused(StorageForm form) throws Exception {
        Path path = writeFile(form, 1000, 10);
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(file.length() - 1);
        }
        String before = digest(path);
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("truncated");
        assertThat(digest(path)).isEqualTo(before);

        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(100);
        }
        assertThatThrownBy(() -> RecordStore.describe(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("truncated: 100 bytes");
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).openReadOnly(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("truncated");
    }

    @Test
    void aReaderRefusesAPublishedCountThatIsNegativeAndSaysSo() throws IOException {
        Path path = dir.resolve("torn.rec");
        try (RecordStore writer = RecordStore.builder(LAYOUT).capacity(10).create(path);
                RecordStore reader = RecordStore.builder(LAYOUT).openReadOnly(path);
                FileChannel raw = FileChannel.open(path, StandardOpenOption.WRITE)) {
            writer.publish();
            // all ones: a count whose check does not match, changed behind the open reader
            raw.write(ByteBuffer.wrap(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}), 40);
            assertThatThrownBy(reader::refresh)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("the record count at offset 40 does not match its check");
        }
    }

    @Test
    void aCorruptHeaderIsRefusedNamingWhatIsWrong() throws Exception {
        Path path = writeFile(StorageForm.ARRAY_OF_STRUCTURES, 10, 3);
        byte[] good = Files.readAllBytes(path);

        assertCorrupt(path, good, 32, "checksum mismatch"); // capacity
        assertCorrupt(path, good, 70, "checksum mismatch"); // descriptor text
        assertCorrupt(path, good, 0, "not a mechsym record file");
        assertCorrupt(path, good, 8, "format version");

        assertCorrupt(path, good, 40, "the record count at offset 40 does not match its check");
    }

    @Test
    void aCountRaisedWithinTheCapacityIsRefusedWithItsReason() throws Exception {
        Path path = writeFile(StorageForm.ARRAY_OF_STRUCTURES, 10, 3);
        byte[] raised = Files.readAllBytes(path);
        assertThat(raised[40]).isEqualTo((byte) 3);
        raised[40] = 5; // records 3 and 4 are zeros: read as trades, they would be wrong figures
        Files.write(path, raised);
        for (ThrowingCallable read : List.<ThrowingCallable>of(
                () -> RecordStore.describe(path),
                () -> RecordStore.builder(LAYOUT).openReadOnly(path).close(),
                () -> RecordStore.builder(LAYOUT).open(path).close())) {
            assertThatThrownBy(read)
                    .isInstanceOf(RecordFileException.class)
                    .hasMessageContaining("corrupt header: the record count at offset 40 does not match its check");
        }
    }

    @Test
    void aHugeCapacityUnderAValidChecksumIsACorruptHeaderNotAnArithmeticException() throws Exception {
        Path path = writeFile(StorageForm.ARRAY_OF_STRUCTURES, 10, 3);
        java.nio.ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(path)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        header.putLong(32, Long.MAX_VALUE / 4); // capacity: records of this layout overflow a long
        int descriptorLength = header.getInt(56);
        byte[] covered = new byte[40 + 4 + descriptorLength];
        header.get(0, covered, 0, 40);
        header.get(56, covered, 40, 4 + descriptorLength);
        header.putLong(48, RecordLayout.fnv1a64(covered)); // the checksum a forger would recompute
        Files.write(path, header.array());

        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("corrupt header: capacity " + Long.MAX_VALUE / 4 + " is more than");
        assertThatThrownBy(() -> RecordStore.describe(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("corrupt header: capacity");
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aCapacityWhoseBytesOverflowALongIsRefusedAndNoFileIsMade(StorageForm form) {
        // 8 + 1 bytes a record: each column alone fits a long, the two together (and the records) do not
        RecordLayout layout = RecordLayout.packed().int64("a").int8("b").build();
        long capacity = Long.MAX_VALUE / 8 - 1;
        Path path = dir.resolve("huge-" + form + ".rec");
        assertThatThrownBy(() -> RecordStore.builder(layout)
                        .form(form)
                        .capacity(capacity)
                        .create(path))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity " + capacity + " records of 9 bytes")
                .hasMessageContaining("would overflow a long");
        assertThat(path).doesNotExist();
        // a file's bytes also count its 4 KiB header
        long justFits = (Long.MAX_VALUE - 100) / 9;
        assertThatThrownBy(() -> RecordStore.builder(layout).capacity(justFits).create(path))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("would overflow a long");
        assertThat(path).doesNotExist();
    }

    private static void assertCorrupt(Path path, byte[] good, int offset, String message) throws Exception {
        byte[] bad = good.clone();
        bad[offset] ^= 0x5a;
        Files.write(path, bad);
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining(message);
        assertThat(Files.readAllBytes(path)).isEqualTo(bad);
        assertThatThrownBy(() -> RecordStore.describe(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining(message);
    }

    @Test
    void notARecordFileAtAll() throws IOException {
        Path path = dir.resolve("text.txt");
        Files.writeString(path, "hello\n".repeat(1000));
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).open(path))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("not a mechsym record file");
    }

    @Test
    void aShortFileThatIsNotARecordFileIsNotCalledTruncated() throws IOException {
        Path other = Files.writeString(dir.resolve("other.bin"), "MS\u0001\u0000 not a record file");
        assertThatThrownBy(() -> RecordStore.describe(other))
                .isInstanceOf(RecordFileException.class)
                .hasMessage(other + ": not a mechsym record file (bad magic at offset 0)");
        Path empty = Files.createFile(dir.resolve("empty.rec"));
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).openReadOnly(empty))
                .isInstanceOf(RecordFileException.class)
                .hasMessage(empty + ": empty (0 bytes), not a mechsym record file");
        Path start = Files.write(dir.resolve("start.rec"), "MECH".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> RecordStore.describe(start))
                .isInstanceOf(RecordFileException.class)
                .hasMessageContaining("truncated: 4 bytes");
    }

    @Test
    void aCapacityNoFileCanHoldIsRefusedNamingTheFileAndItsSize() {
        Path overflow = dir.resolve("overflow.rec");
        assertThatThrownBy(() ->
                        RecordStore.builder(LAYOUT).capacity(Long.MAX_VALUE / 2).create(overflow))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity " + Long.MAX_VALUE / 2 + " records")
                .hasMessageContaining("overflow");
        assertThat(overflow).doesNotExist();

        // the most records a file holds, petabytes: larger than ext4 allows, and than the address space maps
        long capacity = (1L << 48) - 1;
        Path huge = dir.resolve("huge.rec");
        assertThatThrownBy(() -> RecordStore.builder(LAYOUT).capacity(capacity).create(huge))
                .isInstanceOf(RecordFileException.class)
                .hasMessageStartingWith(huge + ": cannot make a file of ")
                .hasMessageContaining(" bytes for " + capacity + " records (");
        assertThat(huge).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aSparseFileLargerThanFourGigabytesMapsAndReopens(StorageForm form) throws IOException {
        RecordLayout layout = RecordLayout.packed().int64("a").int64("b").build();
        long capacity = (5L << 30) / layout.recordSize(); // 5 GiB of records, sparse on disk
        Path path = dir.resolve("big-" + form + ".rec");
        LongField b = layout.longField("b");
        final class Pair extends Flyweight {
            Pair() {
                super(layout);
            }
        }
        try (RecordStore store =
                RecordStore.builder(layout).form(form).capacity(capacity).create(path)) {
            Pair pair = store.bind(new Pair());
            store.setSize(capacity);
            pair.moveTo(capacity - 1);
            b.set(pair, 77);
            store.flush();
        }
        assertThat(Files.size(path)).isGreaterThan(5L << 30);
        try (RecordStore store = RecordStore.builder(layout).openReadOnly(path)) {
            Pair pair = store.bind(new Pair());
            pair.moveTo(capacity - 1);
            assertThat(b.get(pair)).isEqualTo(77);
            pair.moveTo(capacity / 2);
            assertThat(b.get(pair)).isZero();
        }
    }
}
