package mechsym.lab.experiments.offheap;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
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
 *   scanColumnsByHand  the same scan written by hand over the three column segments: what the
 *                   columnar flyweight should match (its own code, not the memory, is the gap)
 *   readRecords     sum of every long of the 42-byte records (all their bytes)
 *   readColumns     sum of every long of the side, price and quantity columns (the bytes the scan needs)
 * </pre>
 *
 * How to run: {@code ./mechsym jmh TradeScanBenchmark -p records=10000000 -f 1 -wi 2 -i 3}. Look
 * at each scan's time against its ceiling: a scan at the ceiling is bound by memory bandwidth, not
 * by its code.
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
    private static final ValueLayout.OfLong PRICE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfChar SIDE = ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** The number of trades of every table. */
    @State(Scope.Benchmark)
    public static class Size {
        @Param({"10000000"})
        public int records;
    }

    /** One built table; each state class sets up its own. */
    public abstract static class Table {
        int records;
        TradeTable table;
        final long[] costs = new long[2];

        abstract TradeTable create();

        void build(Size size) {
            records = size.records;
            table = create();
            table.init(records);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            table.destroy();
        }

        long scan() {
            table.scan(records, costs);
            return costs[0] + costs[1];
        }
    }

    @State(Scope.Benchmark)
    public static class Objects extends Table {
        @Setup(Level.Trial)
        public void setUp(Size size) {
            build(size);
        }

        @Override
        TradeTable create() {
            return new ObjectTradeTable();
        }
    }

    @State(Scope.Benchmark)
    public static class Unsafe extends Table {
        @Setup(Level.Trial)
        public void setUp(Size size) {
            build(size);
        }

        @Override
        TradeTable create() {
            return new UnsafeTradeTable(PagePolicy.HUGE_PAGES);
        }
    }

    @State(Scope.Benchmark)
    public static class Records extends Table {
        MemorySegment bytes;

        @Override
        TradeTable create() {
            return new CoreTradeTable(StorageForm.ARRAY_OF_STRUCTURES, PagePolicy.HUGE_PAGES);
        }

        @Setup(Level.Trial)
        public void setUp(Size size) {
            build(size);
            bytes = ((CoreTradeTable) table).store().recordsSegment();
        }
    }

    @State(Scope.Benchmark)
    public static class Columns extends Table {
        MemorySegment side;
        MemorySegment price;
        MemorySegment quantity;

        @Override
        TradeTable create() {
            return new CoreTradeTable(StorageForm.COLUMNAR, PagePolicy.HUGE_PAGES);
        }

        @Setup(Level.Trial)
        public void setUp(Size size) {
            build(size);
            RecordStore store = ((CoreTradeTable) table).store();
            side = store.columnSegment(Trade.LAYOUT.field("side").column());
            price = store.columnSegment(Trade.LAYOUT.field("price").column());
            quantity = store.columnSegment(Trade.LAYOUT.field("quantity").column());
        }
    }

    @Benchmark
    public long scanObjects(Objects state) {
        return state.scan();
    }

    @Benchmark
    public long scanUnsafe(Unsafe state) {
        return state.scan();
    }

    @Benchmark
    public long scanFlyweight(Records state) {
        return state.scan();
    }

    @Benchmark
    public long scanColumnar(Columns state) {
        return state.scan();
    }

    /** The post's scan over the columns, by hand: the side, price and quantity segments read directly. */
    @Benchmark
    public long scanColumnsByHand(Columns state) {
        MemorySegment side = state.side;
        MemorySegment price = state.price;
        MemorySegment quantity = state.quantity;
        long buyCost = 0;
        long sellCost = 0;
        for (int i = 0; i < state.records; i++) {
            long cost = price.get(PRICE, i * 8L) * quantity.get(PRICE, i * 8L);
            if (side.get(SIDE, i * 2L) == 'B') {
                buyCost += cost;
            } else {
                sellCost += cost;
            }
        }
        return buyCost + sellCost;
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
