package mechsym.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The package's rules: no Unsafe or JDK internals, and scans that allocate nothing. */
class DisciplineTest {
    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void aScanAllocatesNothing(StorageForm form) throws IOException {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long records = 200_000;
        try (RecordStore store = RecordStore.builder(KillWriterTest.LAYOUT)
                .form(form)
                .capacity(records)
                .allocate()) {
            KillWriterTest.Row row = store.bind(new KillWriterTest.Row());
            for (long i = 0; i < records; i++) {
                store.append(row);
                KillWriterTest.INDEX.set(row, i);
                KillWriterTest.SQUARE.set(row, 2 * i);
            }
            long expected = 3 * (records * (records - 1) / 2);
            assertThat(scan(store, row)).isEqualTo(expected); // warm: link call sites
            long before = threads.getCurrentThreadAllocatedBytes();
            long sum = 0;
            for (int round = 0; round < 5; round++) {
                sum += scan(store, row);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertThat(sum).isEqualTo(5 * expected);
            // 1 million record visits; a single object per visit would be >= 16 MB
            assertThat(allocated).as("bytes allocated by 5 scans").isLessThan(4096);
        }
    }

    private static long scan(RecordStore store, KillWriterTest.Row row) {
        long sum = 0;
        for (long i = 0, n = store.size(); i < n; i++) {
            row.moveTo(i);
            sum += KillWriterTest.INDEX.get(row) + KillWriterTest.SQUARE.get(row);
        }
        return sum;
    }
}
