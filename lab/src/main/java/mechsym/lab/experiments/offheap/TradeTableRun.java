package mechsym.lab.experiments.offheap;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import mechsym.core.memory.OffHeapMemory;
import mechsym.core.memory.PagePolicy;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;
import mechsym.lab.ForkedJvm;
import mechsym.tools.trades.Trade;

/**
 * The post's workload in a forked JVM, for one storage: {@code runs} times, optionally after
 * {@code System.gc()} as the post does, build the 42-byte trade table (init) and compute the buy
 * and sell cost (scan); emit one {@link Run} per run, then one {@link Footprint}.
 *
 * <pre>
 * args: STORAGE RECORDS RUNS GC_BEFORE_EACH_RUN(true|false)
 * </pre>
 *
 * Every run's costs are checked against the post's long arithmetic computed once up front, so a
 * fast wrong variant fails. The run's wall-clock window is emitted so the parent can attribute the
 * JFR GC events of this JVM to runs.
 */
public final class TradeTableRun {
    /** The tables compared; one per JVM so every call site stays monomorphic. */
    public enum Storage {
        OBJECTS("objects"),
        UNSAFE("Unsafe"),
        UNSAFE_THP("Unsafe+THP"),
        FLYWEIGHT("flyweight"),
        FLYWEIGHT_THP("flyweight+THP"),
        FLYWEIGHT_REUSED("flyweight reused"),
        COLUMNAR_THP("columnar+THP");

        public final String label;

        Storage(String label) {
            this.label = label;
        }

        boolean offHeap() {
            return this != OBJECTS;
        }
    }

    /**
     * One run.
     *
     * @param startMicros wall-clock start, microseconds since the epoch (JFR events are compared to it)
     * @param endMicros wall-clock end
     */
    public record Run(
            String storage, int run, double initMs, double scanMs, double totalMs, long startMicros, long endMicros) {}

    /**
     * What the table takes: off-heap bytes (segment or malloc size) and heap bytes (heap used after
     * a full GC with the table alive, minus before it was built).
     */
    public record Footprint(String storage, long records, long offHeapBytes, long heapBytes) {}

    interface TradeTable extends AutoCloseable {
        void init(int records);

        void scan(long[] costs);

        long offHeapBytes();

        /** Frees the run's memory (off-heap tables free it, as the post's destroy() does). */
        void destroy();

        @Override
        default void close() throws IOException {}
    }

    private TradeTableRun() {}

    public static void main(String[] args) throws Exception {
        Storage storage = Storage.valueOf(args[0]);
        int records = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        boolean gcBefore = Boolean.parseBoolean(args[3]);
        long[] expected = expectedCosts(records);
        long[] costs = new long[2];
        // load the classes of the table and of the result output before the first timed run, so
        // class-loading garbage does not land in it (1000 records: too few to trigger the JIT)
        try (TradeTable warm = table(storage, 1000)) {
            warm.init(1000);
            warm.scan(costs);
            warm.destroy();
        }
        new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(new Run(storage.name(), -1, 0, 0, 0, 0, 0));
        System.gc();
        long heapBefore = heapUsed();
        long offHeapBytes = 0;
        try (TradeTable table = table(storage, records)) {
            for (int run = 0; run < runs; run++) {
                if (gcBefore) {
                    System.gc();
                }
                Instant start = Instant.now();
                long t0 = System.nanoTime();
                table.init(records);
                long t1 = System.nanoTime();
                table.scan(costs);
                long t2 = System.nanoTime();
                Instant end = Instant.now();
                if (costs[0] != expected[0] || costs[1] != expected[1]) {
                    throw new IllegalStateException(storage + " run " + run + ": buyCost " + costs[0] + " sellCost "
                            + costs[1] + ", expected " + expected[0] + " and " + expected[1]);
                }
                offHeapBytes = table.offHeapBytes();
                boolean last = run == runs - 1;
                if (!last || storage.offHeap()) {
                    table.destroy();
                }
                ForkedJvm.emit(new Run(
                        storage.name(),
                        run,
                        (t1 - t0) / 1e6,
                        (t2 - t1) / 1e6,
                        (t2 - t0) / 1e6,
                        micros(start),
                        micros(end)));
            }
            // footprint, outside every timed run: the objects table of the last run is still alive
            System.gc();
            long heapBytes = Math.max(0, heapUsed() - heapBefore);
            ForkedJvm.emit(new Footprint(storage.name(), records, offHeapBytes, heapBytes));
        }
    }

    private static long micros(Instant instant) {
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000;
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** The post's buy and sell cost, in its long (wrapping) arithmetic. */
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

    static TradeTable table(Storage storage, int records) {
        return switch (storage) {
            case OBJECTS -> new ObjectsTable();
            case UNSAFE -> new UnsafeTable(false);
            case UNSAFE_THP -> new UnsafeTable(true);
            case FLYWEIGHT -> new FlyweightTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.LAZY, false, records);
            case FLYWEIGHT_THP ->
                new FlyweightTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.HUGE_PAGES, false, records);
            case FLYWEIGHT_REUSED ->
                new FlyweightTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.HUGE_PAGES_PRE_TOUCH, true, records);
            case COLUMNAR_THP -> new FlyweightTable(StorageForm.COLUMNAR, PagePolicy.HUGE_PAGES, false, records);
        };
    }

    private static final class ObjectsTable implements TradeTable {
        private final PostTrades.Objects table = new PostTrades.Objects();

        @Override
        public void init(int records) {
            table.init(records);
        }

        @Override
        public void scan(long[] costs) {
            table.scan(costs);
        }

        @Override
        public long offHeapBytes() {
            return 0;
        }

        @Override
        public void destroy() {
            table.destroy();
        }
    }

    /** The post's Unsafe table over malloc (as the post) or over madvised huge-page memory. */
    private static final class UnsafeTable implements TradeTable {
        private final PostTrades.Direct table = new PostTrades.Direct();
        private final boolean hugePages;
        private long address;
        private long bytes;
        private Arena arena;

        UnsafeTable(boolean hugePages) {
            this.hugePages = hugePages;
        }

        @Override
        public void init(int records) {
            bytes = records * PostTrades.DirectMemoryTrade.getObjectSize();
            if (hugePages) {
                arena = Arena.ofConfined();
                address = OffHeapMemory.allocate(arena, bytes, PagePolicy.HUGE_PAGES)
                        .segment()
                        .address();
            } else {
                address = PostTrades.UNSAFE.allocateMemory(bytes);
            }
            table.init(address, records);
        }

        @Override
        public void scan(long[] costs) {
            table.scan(costs);
        }

        @Override
        public long offHeapBytes() {
            return bytes;
        }

        @Override
        public void destroy() {
            if (hugePages) {
                arena.close();
            } else {
                PostTrades.UNSAFE.freeMemory(address);
            }
        }
    }

    /** The post's init through the core flyweight: every field of every record, one setter each. */
    static void fill(RecordStore store, Trade t, int records) {
        store.setSize(records);
        for (int i = 0; i < records; i++) {
            t.moveTo(i);
            t.tradeId(i);
            t.clientId(1);
            t.venueCode(PostTrades.VENUE_CODE);
            t.instrumentCode(PostTrades.INSTRUMENT_CODE);
            t.price(i);
            t.quantity(i);
            t.side((i & 1) == 0 ? 'B' : 'S');
        }
    }

    /** The post's scan through the core flyweight: buy cost and sell cost into {@code costs}. */
    static void scan(RecordStore store, Trade t, long[] costs) {
        long buyCost = 0;
        long sellCost = 0;
        final long records = store.size();
        for (int i = 0; i < records; i++) {
            t.moveTo(i);
            if (t.side() == 'B') {
                buyCost += (t.price() * t.quantity());
            } else {
                sellCost += (t.price() * t.quantity());
            }
        }
        costs[0] = buyCost;
        costs[1] = sellCost;
    }

    /** The core flyweight ({@link Trade}) over a {@link RecordStore}. */
    private static final class FlyweightTable implements TradeTable {
        private final StorageForm form;
        private final PagePolicy policy;
        private final boolean reuse;
        private RecordStore store;
        private Trade trade;

        FlyweightTable(StorageForm form, PagePolicy policy, boolean reuse, int records) {
            this.form = form;
            this.policy = policy;
            this.reuse = reuse;
            if (reuse) {
                // allocated and touched once, outside the timed runs; each run refills it
                open(records);
            }
        }

        private void open(int records) {
            store = RecordStore.builder(Trade.LAYOUT)
                    .form(form)
                    .capacity(records)
                    .pagePolicy(policy)
                    .allocate();
            trade = store.bind(new Trade());
        }

        @Override
        public void init(int records) {
            if (reuse) {
                store.clear();
            } else {
                open(records);
            }
            fill(store, trade, records);
        }

        @Override
        public void scan(long[] costs) {
            TradeTableRun.scan(store, trade, costs);
        }

        @Override
        public long offHeapBytes() {
            return store.dataBytes();
        }

        @Override
        public void destroy() {
            if (!reuse) {
                closeStore();
            }
        }

        @Override
        public void close() throws IOException {
            if (store != null && !store.isClosed()) {
                closeStore();
            }
        }

        private void closeStore() {
            try {
                store.close();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
