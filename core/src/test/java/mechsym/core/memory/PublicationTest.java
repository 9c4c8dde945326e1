package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer thread appends and publishes while a reader thread refreshes a view and checks every
 * record it is allowed to see: the release store of the count and the reader's acquire load must
 * make each counted record complete (a consistent prefix), in both storage forms.
 */
// a lost wake-up or a livelock fails the test after a minute instead of hanging the build; the
// separate thread lets the timeout fire even if the test thread never returns
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PublicationTest {
    private static final long RECORDS = 300_000;

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aReaderOnAnotherThreadOnlyEverSeesCompleteRecords(StorageForm form) throws Exception {
        try (RecordStore store = RecordStore.builder(KillWriterTest.LAYOUT)
                .form(form)
                .capacity(RECORDS)
                .shared()
                .allocate()) {
            RecordStore view = store.view();
            CompletableFuture<long[]> reader = CompletableFuture.supplyAsync(() -> read(view));
            KillWriterTest.Row row = store.bind(new KillWriterTest.Row());
            for (long i = 0; i < RECORDS; i++) {
                store.append(row);
                KillWriterTest.INDEX.set(row, i);
                KillWriterTest.SQUARE.set(row, i * i);
                KillWriterTest.CHECK.set(row, KillWriterTest.check(i));
                if (i % 3 == 2) {
                    store.publish();
                }
            }
            store.publish();
            long[] seen = reader.get(60, TimeUnit.SECONDS);
            assertThat(seen[0]).as("refreshes").isPositive();
            assertThat(seen[1]).as("last size seen").isEqualTo(RECORDS);
        }
    }

    /** Refreshes until the whole table is visible; checks the records that became visible each time. */
    private static long[] read(RecordStore view) {
        KillWriterTest.Row row = view.bind(new KillWriterTest.Row());
        long checked = 0;
        long refreshes = 0;
        while (checked < RECORDS) {
            long size = view.refresh();
            refreshes++;
            for (long i = checked; i < size; i++) {
                row.moveTo(i);
                if (KillWriterTest.INDEX.get(row) != i
                        || KillWriterTest.SQUARE.get(row) != i * i
                        || KillWriterTest.CHECK.get(row) != KillWriterTest.check(i)) {
                    throw new AssertionError("record " + i + " of published " + size + " is incomplete");
                }
            }
            checked = size;
            Thread.onSpinWait();
        }
        return new long[] {refreshes, checked};
    }
}
