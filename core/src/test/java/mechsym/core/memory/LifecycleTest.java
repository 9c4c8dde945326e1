package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Bounds, closing, binding and threading rules of arena stores, in both storage forms. */
class LifecycleTest {
    private static final RecordLayout LAYOUT = AllTypes.PACKED;

    private static RecordStore store(StorageForm form, long capacity) {
        return RecordStore.builder(LAYOUT).form(form).capacity(capacity).allocate();
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void indexOutOfRangeNamesIndexAndSize(StorageForm form) throws Exception {
        try (RecordStore store = store(form, 10)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            store.setSize(5);
            record.moveTo(4);
            assertThatThrownBy(() -> record.moveTo(5))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("record index 5 out of bounds for store size 5");
            assertThatThrownBy(() -> record.moveTo(-1))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("index -1")
                    .hasMessageContaining("size 5");
            assertThat(record.index()).isEqualTo(4);
            assertThatThrownBy(() -> store.setSize(11)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aCapacityWhoseBytesOverflowALongIsAnIllegalArgument(StorageForm form) {
        // 8 + 1 bytes a record: each column alone fits a long, the two together (and the records) do not
        RecordLayout layout = RecordLayout.packed().int64("a").int8("b").build();
        long capacity = Long.MAX_VALUE / 8 - 1;
        assertThatThrownBy(() -> RecordStore.builder(layout)
                        .form(form)
                        .capacity(capacity)
                        .allocate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity " + capacity + " records of 9 bytes")
                .hasMessageContaining("would overflow a long");
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void appendFillsToCapacityThenRefuses(StorageForm form) throws Exception {
        try (RecordStore store = store(form, 3)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            for (long i = 0; i < 3; i++) {
                assertThat(store.append(record)).isEqualTo(i);
                record.longValue(i * 10);
            }
            assertThatThrownBy(() -> store.append(record))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("full: capacity 3");
            assertThat(store.size()).isEqualTo(3);
            long sum = 0;
            for (long i = 0; i < store.size(); i++) {
                record.moveTo(i);
                sum += record.longValue();
            }
            assertThat(sum).isEqualTo(30);
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void accessAfterCloseThrowsIllegalStateNeverCrashes(StorageForm form) throws Exception {
        RecordStore store = store(form, 4);
        AllTypes record = store.bind(new AllTypes(LAYOUT));
        store.append(record);
        record.longValue(7);
        store.close();
        store.close(); // idempotent
        assertThat(store.isClosed()).isTrue();
        assertThatThrownBy(record::longValue).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> record.longValue(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> store.append(record)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> store.bind(new AllTypes(LAYOUT))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(store::publish).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void bindingChecksTheLayoutAndUnboundFlyweightsSaySo(StorageForm form) throws Exception {
        try (RecordStore store = store(form, 4)) {
            assertThatThrownBy(() -> store.bind(new AllTypes(AllTypes.ALIGNED)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("does not match");
            AllTypes unbound = new AllTypes(LAYOUT);
            assertThatThrownBy(() -> unbound.moveTo(0))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not bound");
            assertThatThrownBy(unbound::longValue).isInstanceOf(IndexOutOfBoundsException.class); // not an NPE
            assertThatThrownBy(() -> store.append(unbound))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not bound to this store");
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            // before the first move, access is refused by the segment's bounds check
            assertThatThrownBy(record::longValue).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void confinedStoreRefusesOtherThreads(StorageForm form) throws Exception {
        try (RecordStore store = store(form, 4)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            store.append(record);
            assertThat(thrownOnAnotherThread(record::longValue)).isInstanceOf(WrongThreadException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void closingAConfinedStoreFromAnotherThreadIsRefusedAndReleasesNothing(StorageForm form) throws Exception {
        RecordStore store = store(form, 4);
        AllTypes record = store.bind(new AllTypes(LAYOUT));
        store.append(record);
        record.longValue(7);
        Throwable failure = closeOnAnotherThread(store);
        assertThat(failure).isInstanceOf(WrongThreadException.class).hasMessageContaining("confined");
        assertThat(store.isClosed()).isFalse();
        assertThat(record.longValue()).as("the memory is still the owner's").isEqualTo(7);
        store.append(record);
        store.close();
        assertThat(store.isClosed()).isTrue();
        assertThatThrownBy(record::longValue).isInstanceOf(IllegalStateException.class);
    }

    @org.junit.jupiter.api.Test
    void theSegmentAccessorsNameAMissingColumnOrTheWrongForm() throws Exception {
        int fields = LAYOUT.fields().size();
        try (RecordStore columnar = store(StorageForm.COLUMNAR, 4)) {
            assertThat(columnar.columnSegment(fields - 1).byteSize())
                    .isEqualTo(4L * LAYOUT.fields().get(fields - 1).size());
            assertThat(columnar.columnSegment(0).isReadOnly()).isTrue();
            assertThatThrownBy(() -> columnar.columnSegment(fields))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("column " + fields + " out of bounds for a layout of " + fields + " fields");
            assertThatThrownBy(() -> columnar.columnSegment(-1))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageStartingWith("column -1 out of bounds");
            assertThatThrownBy(columnar::recordsSegment).isInstanceOf(IllegalStateException.class);
        }
        try (RecordStore records = store(StorageForm.ARRAY_OF_STRUCTURES, 4)) {
            assertThat(records.recordsSegment().byteSize()).isEqualTo(4 * LAYOUT.recordSize());
            assertThatThrownBy(() -> records.columnSegment(0)).isInstanceOf(IllegalStateException.class);
        }
    }

    /** What {@code store.close()} threw on a new thread, or null. */
    static Throwable closeOnAnotherThread(RecordStore store) throws InterruptedException {
        return thrownOnAnotherThread(store::close);
    }

    /** Something to run that may throw anything. */
    interface Action {
        void run() throws Exception;
    }

    /** What {@code action} threw on a new thread, or null. */
    static Throwable thrownOnAnotherThread(Action action) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                action.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        other.start();
        other.join();
        return failure.get();
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void sharedStoreViewSeesPublishedRecordsOnlyAndIsReadOnly(StorageForm form) throws Exception {
        RecordStore store =
                RecordStore.builder(LAYOUT).form(form).capacity(100).shared().allocate();
        try {
            AllTypes writer = store.bind(new AllTypes(LAYOUT));
            for (long i = 0; i < 10; i++) {
                store.append(writer);
                writer.longValue(i + 1);
            }
            store.publish();
            store.append(writer); // not published
            writer.longValue(99);
            RecordStore view = store.view();
            long sum = CompletableFuture.supplyAsync(() -> {
                        AllTypes reader = view.bind(new AllTypes(LAYOUT));
                        long total = 0;
                        for (long i = 0; i < view.size(); i++) {
                            reader.moveTo(i);
                            total += reader.longValue();
                        }
                        return total;
                    })
                    .get();
            assertThat(view.size()).isEqualTo(10);
            assertThat(sum).isEqualTo(55);
            AllTypes reader = view.bind(new AllTypes(LAYOUT));
            reader.moveTo(0);
            assertThatThrownBy(() -> reader.longValue(5)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> view.append(reader)).isInstanceOf(UnsupportedOperationException.class);
            store.publish();
            assertThat(view.refresh()).isEqualTo(11);
            store.close();
            assertThatThrownBy(reader::longValue).isInstanceOf(IllegalStateException.class);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        } finally {
            store.close();
        }
    }

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void clearKeepsMemoryForReuse(StorageForm form) throws Exception {
        try (RecordStore store = store(form, 8)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            store.append(record);
            record.longValue(3);
            store.clear();
            assertThat(store.size()).isZero();
            assertThat(store.publishedSize()).isZero();
            store.append(record);
            assertThat(record.longValue()).as("memory is reused, not zeroed").isEqualTo(3);
        }
    }

    @org.junit.jupiter.api.Test
    void asciiFieldsRefuseWhatDoesNotFitAndWriteNothing() throws Exception {
        try (RecordStore store = store(StorageForm.ARRAY_OF_STRUCTURES, 1)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            store.append(record);
            BytesField text = record.textField();
            text.setString(record, "XLON");
            assertThatThrownBy(() -> text.setString(record, "TOOLONGX"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("does not fit");
            assertThatThrownBy(() -> text.setString(record, "caf\u00e9"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not ASCII");
            assertThatThrownBy(() -> text.set(record, new byte[] {65, -1}))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(text.getString(record)).isEqualTo("XLON");
            assertThat(text.contentEquals(record, "XLON")).isTrue();
            assertThat(text.contentEquals(record, "XLO")).isFalse();
            assertThat(text.getByte(record, 1)).isEqualTo((byte) 'L');
            assertThatThrownBy(() -> text.getByte(record, 7)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @org.junit.jupiter.api.Test
    void asciiBytesReadBackWholeOrAreRefused() throws Exception {
        try (RecordStore store = store(StorageForm.ARRAY_OF_STRUCTURES, 2)) {
            AllTypes record = store.bind(new AllTypes(LAYOUT));
            store.append(record);
            BytesField text = record.textField();
            text.setString(record, "XLON");

            assertThatThrownBy(() -> text.set(record, new byte[] {'A', 0, 'B'}))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("byte 1 is zero before the non-zero byte 2");
            assertThat(text.getString(record)).as("nothing written").isEqualTo("XLON");

            text.set(record, new byte[] {'A', 'B', 0, 0});
            assertThat(text.getString(record)).as("trailing zeros are padding").isEqualTo("AB");

            byte[] whole = new byte[text.length()];
            text.get(record, whole);
            store.append(record);
            text.set(record, whole); // a field copied with get, padding included, stores as it was
            assertThat(text.getString(record)).isEqualTo("AB");
        }
    }
}
