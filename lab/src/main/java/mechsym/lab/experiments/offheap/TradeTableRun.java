package mechsym.lab.experiments.offheap;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mechsym.core.memory.PagePolicy;
import mechsym.core.memory.StorageForm;
import mechsym.lab.ForkedJvm;

/**
 * The post's main(), in a forked JVM whose flags choose the collector and heap: N runs of init +
 * scan over one storage, optionally with System.gc() before each run as in the post. GC pauses
 * come from JFR's jdk.GarbageCollection events, assigned to the run they started in. Where the JVM
 * runs with -XX:NativeMemoryTracking=summary, the native memory the table took is measured too: the
 * growth of NMT's "Other" category (Unsafe.allocateMemory's and FFM's malloc) from before init to
 * after the scan, read outside the timed init + scan.
 *
 * <pre>args: STORAGE RECORDS RUNS SYSTEM_GC(true|false) JFR_FILE</pre>
 */
public final class TradeTableRun {

    /** One run's figures, sent to the parent. */
    public record Run(
            String storage,
            int run,
            double durationMs,
            double heapBytesPerRecord,
            double offHeapBytesPerRecord,
            double nativeBytesPerRecord,
            int gcCount,
            double gcPauseTotalMs,
            double gcPauseLongestMs) {}

    private TradeTableRun() {}

    static TradeTable storage(String name) {
        return switch (name) {
            case "objects" -> new ObjectTradeTable();
            case "unsafe" -> new UnsafeTradeTable();
            case "unsafe-huge" -> new UnsafeTradeTable(PagePolicy.HUGE_PAGES);
            case "segment" -> new SegmentTradeTable();
            case "core-aos" -> new CoreTradeTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.LAZY);
            case "core-aos-huge" -> new CoreTradeTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.HUGE_PAGES);
            case "core-columnar" -> new CoreTradeTable(StorageForm.COLUMNAR, PagePolicy.HUGE_PAGES);
            case "core-aos-reused" ->
                new CoreTradeTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.HUGE_PAGES_PRE_TOUCH, true);
            default -> throw new IllegalArgumentException("unknown storage " + name);
        };
    }

    /**
     * One fork's work: the storage by name, the trades in its table, the runs, whether a System.gc()
     * precedes each run, and the JFR recording's file.
     */
    public record Input(String storage, int records, int runs, boolean systemGc, String jfr) {}

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        String storageName = input.storage();
        int records = input.records();
        int runs = input.runs();
        boolean systemGc = input.systemGc();
        Path jfr = Path.of(input.jfr());

        long[] expected = expectedCosts(records);
        TradeTable table = storage(storageName);
        Instant[] starts = new Instant[runs];
        Instant[] ends = new Instant[runs];
        double[] durations = new double[runs];
        double[] heapPerRecord = new double[runs];
        double[] offHeapPerRecord = new double[runs];
        double[] nativePerRecord = new double[runs];
        long[] costs = new long[2];
        Runtime rt = Runtime.getRuntime();

        try (Recording recording = new Recording()) {
            recording.enable("jdk.GarbageCollection");
            recording.start();
            for (int run = 0; run < runs; run++) {
                if (systemGc) {
                    System.gc();
                }
                long nativeBefore = NativeMemory.otherCommittedBytes();
                long usedBefore = rt.totalMemory() - rt.freeMemory();
                starts[run] = Instant.now();
                long start = System.nanoTime();
                table.init(records);
                long usedAfterInit = rt.totalMemory() - rt.freeMemory();
                table.scan(records, costs);
                durations[run] = (System.nanoTime() - start) / 1e6;
                ends[run] = Instant.now();
                heapPerRecord[run] = (usedAfterInit - usedBefore) / (double) records;
                offHeapPerRecord[run] = table.offHeapBytes() / (double) records;
                long nativeAfter = NativeMemory.otherCommittedBytes();
                nativePerRecord[run] = nativeBefore < 0 || nativeAfter < 0
                        ? Double.NaN
                        : (nativeAfter - nativeBefore) / (double) records;
                if (costs[0] != expected[0] || costs[1] != expected[1]) {
                    throw new IllegalStateException(
                            "wrong buy/sell cost " + costs[0] + "/" + costs[1] + " from " + storageName);
                }
                table.destroy();
                ForkedJvm.progress(storageName + " run " + run + ": " + Math.round(durations[run]) + " ms");
            }
            recording.stop();
            recording.dump(jfr);
        }

        // the recording stays in the experiment's folder: JDK Mission Control opens it
        List<RecordedEvent> gcs = new ArrayList<>(RecordingFile.readAllEvents(jfr));
        for (int run = 0; run < runs; run++) {
            int count = 0;
            Duration total = Duration.ZERO;
            Duration longest = Duration.ZERO;
            for (RecordedEvent gc : gcs) {
                Instant at = gc.getStartTime();
                // System.gc()'s own collection, before the run's clock starts, is not the run's
                if (!at.isBefore(starts[run]) && !at.isAfter(ends[run])) {
                    count++;
                    Duration sum = gc.getDuration("sumOfPauses");
                    Duration max = gc.getDuration("longestPause");
                    total = total.plus(sum);
                    longest = max.compareTo(longest) > 0 ? max : longest;
                }
            }
            ForkedJvm.emit(new Run(
                    storageName,
                    run,
                    durations[run],
                    heapPerRecord[run],
                    offHeapPerRecord[run],
                    nativePerRecord[run],
                    count,
                    total.toNanos() / 1e6,
                    longest.toNanos() / 1e6));
        }
    }

    /** Buy and sell cost computed plainly, so a fast wrong storage fails. */
    static long[] expectedCosts(int records) {
        long buy = 0;
        long sell = 0;
        for (long i = 0; i < records; i++) {
            if ((i & 1) == 0) {
                buy += i * i;
            } else {
                sell += i * i;
            }
        }
        return new long[] {buy, sell};
    }
}
