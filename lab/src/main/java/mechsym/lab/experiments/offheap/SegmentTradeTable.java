package mechsym.lab.experiments.offheap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The post's off-heap table written with the FFM API instead of Unsafe: the same 42-byte packed
 * record declared as a {@link StructLayout}, fields reached through static final VarHandles (so
 * the JIT sees constants), memory from a confined {@link Arena} closed after each run. Bounds and
 * liveness are checked by FFM: a bad index is an exception, never a crash.
 */
final class SegmentTradeTable implements TradeTable {
    static final StructLayout TRADE = MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG_UNALIGNED.withName("tradeId"),
            ValueLayout.JAVA_LONG_UNALIGNED.withName("clientId"),
            ValueLayout.JAVA_INT_UNALIGNED.withName("venueCode"),
            ValueLayout.JAVA_INT_UNALIGNED.withName("instrumentCode"),
            ValueLayout.JAVA_LONG_UNALIGNED.withName("price"),
            ValueLayout.JAVA_LONG_UNALIGNED.withName("quantity"),
            ValueLayout.JAVA_CHAR_UNALIGNED.withName("side"));

    private static final VarHandle TRADE_ID = field("tradeId");
    private static final VarHandle CLIENT_ID = field("clientId");
    private static final VarHandle VENUE_CODE_FIELD = field("venueCode");
    private static final VarHandle INSTRUMENT_CODE_FIELD = field("instrumentCode");
    private static final VarHandle PRICE = field("price");
    private static final VarHandle QUANTITY = field("quantity");
    private static final VarHandle SIDE = field("side");
    private static final long SIZE = TRADE.byteSize();

    private Arena arena;
    private MemorySegment trades;

    private static VarHandle field(String name) {
        // (segment, base offset) -> value; the record's offset is passed as the base
        return TRADE.varHandle(MemoryLayout.PathElement.groupElement(name));
    }

    @Override
    public void init(int records) {
        arena = Arena.ofConfined();
        trades = arena.allocate(SIZE * records, 8);
        for (int i = 0; i < records; i++) {
            long at = i * SIZE;
            TRADE_ID.set(trades, at, (long) i);
            CLIENT_ID.set(trades, at, 1L);
            VENUE_CODE_FIELD.set(trades, at, VENUE_CODE);
            INSTRUMENT_CODE_FIELD.set(trades, at, INSTRUMENT_CODE);
            PRICE.set(trades, at, (long) i);
            QUANTITY.set(trades, at, (long) i);
            SIDE.set(trades, at, (i & 1) == 0 ? 'B' : 'S');
        }
    }

    @Override
    public void scan(int records, long[] buyAndSellCost) {
        long buyCost = 0;
        long sellCost = 0;
        for (int i = 0; i < records; i++) {
            long at = i * SIZE;
            if ((char) SIDE.get(trades, at) == 'B') {
                buyCost += ((long) PRICE.get(trades, at) * (long) QUANTITY.get(trades, at));
            } else {
                sellCost += ((long) PRICE.get(trades, at) * (long) QUANTITY.get(trades, at));
            }
        }
        buyAndSellCost[0] = buyCost;
        buyAndSellCost[1] = sellCost;
    }

    @Override
    public long offHeapBytes() {
        return trades.byteSize();
    }

    @Override
    public void destroy() {
        arena.close();
        trades = null;
    }
}
