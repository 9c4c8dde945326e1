package mechsym.lab.experiments.offheap;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import mechsym.core.memory.PagePolicy;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;
import mechsym.tools.trades.Trade;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The post's scan alone (buy and sell cost over a built table) for each storage, beside a plain
 * sequential read of the same bytes: the memory-bandwidth ceiling of that scan.
 *
 * <pre>
 *   scanObjects     array of JavaMemoryTrade objects (the post)
 *   scanUnsafe      the post's Unsafe flyweight, over the same huge-page memory as the core stores
 *   scanFlyweight   the core flyweight, array of structures, huge pages      ceiling: readRecords
 *   scanColumnar    the core flyweight, columnar, huge pages                 ceiling: readColumns
 *   readRecords     sum of every long of the 42-byte records (all their bytes)
 *   readColumns     sum of every long of the side, price and quantity columns (the bytes the scan needs)
 * </pre>
 *
 * How to run: {@code ./mechsym jmh TradeScanBenchmark -p records=10000000 -f 1 -wi 2 -i 3}. Look
 * at scan time against its ceiling: a scan at the ceiling is bound by memory bandwidth, not code.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx4g"})
public class TradeScanBenchmark {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /** The records of every state. */
    @State(Scope.Benchmark)
    public static class Size {
        @Param({"10000000"})
        public int records;
    }

    @State(Scope.Benchmark)
    public static class Objects {
        final PostTrades.Objects table = new PostTrades.Objects();

        @Setup(Level.Trial)
        public void setUp(Size size) {
            table.init(size.records);
        }
    }

    /** The post's Unsafe flyweight over the same kind of memory as the core stores (huge pages). */
    @State(Scope.Benchmark)
    public static class Unsafe {
        final PostTrades.Direct table = new PostTrades.Direct();
        final java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();

        @Setup(Level.Trial)
        public void setUp(Size size) {
            long bytes = size.records * PostTrades.DirectMemoryTrade.getObjectSize();
            long address = mechsym.core.memory.OffHeapMemory.allocate(arena, bytes, PagePolicy.HUGE_PAGES)
                    .segment()
                    .address();
            table.init(address, size.records);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            arena.close();
        }
    }

    /** A filled core trade store. */
    public abstract static class Store {
        RecordStore store;
        Trade trade;

        void fill(int records, StorageForm form) {
            store = RecordStore.builder(Trade.LAYOUT)
                    .form(form)
                    .capacity(records)
                    .pagePolicy(PagePolicy.HUGE_PAGES)
                    .allocate();
            trade = store.bind(new Trade());
            TradeTableRun.fill(store, trade, records);
        }

        @TearDown(Level.Trial)
        public void tearDown() throws java.io.IOException {
            store.close();
        }
    }

    @State(Scope.Benchmark)
    public static class Records extends Store {
        MemorySegment bytes;

        @Setup(Level.Trial)
        public void setUp(Size size) {
            fill(size.records, StorageForm.ARRAY_OF_STRUCTURES);
            bytes = store.recordsSegment();
        }
    }

    @State(Scope.Benchmark)
    public static class Columns extends Store {
        MemorySegment side;
        MemorySegment price;
        MemorySegment quantity;

        @Setup(Level.Trial)
        public void setUp(Size size) {
            fill(size.records, StorageForm.COLUMNAR);
            price = store.columnSegment(Trade.LAYOUT.field("price").column());
            quantity = store.columnSegment(Trade.LAYOUT.field("quantity").column());
            side = store.columnSegment(Trade.LAYOUT.field("side").column());
        }
    }

    @Benchmark
    public long scanObjects(Objects state) {
        long[] costs = new long[2];
        state.table.scan(costs);
        return costs[0] + costs[1];
    }

    @Benchmark
    public long scanUnsafe(Unsafe state) {
        long[] costs = new long[2];
        state.table.scan(costs);
        return costs[0] + costs[1];
    }

    @Benchmark
    public long scanFlyweight(Records state) {
        return scan(state.store, state.trade);
    }

    @Benchmark
    public long scanColumnar(Columns state) {
        return scan(state.store, state.trade);
    }

    private static long scan(RecordStore store, Trade t) {
        long[] costs = new long[2];
        TradeTableRun.scan(store, t, costs);
        return costs[0] + costs[1];
    }

    @Benchmark
    public long readRecords(Records state) {
        return sum(state.bytes);
    }

    @Benchmark
    public long readColumns(Columns state) {
        return sum(state.side) + sum(state.price) + sum(state.quantity);
    }

    /** A plain sequential read of every byte of {@code segment}, 8 at a time. */
    static long sum(MemorySegment segment) {
        long sum = 0;
        long end = segment.byteSize() & ~7L;
        for (long at = 0; at < end; at += 8) {
            sum += segment.get(LONG, at);
        }
        for (long at = end; at < segment.byteSize(); at++) {
            sum += segment.get(ValueLayout.JAVA_BYTE, at);
        }
        return sum;
    }
}
