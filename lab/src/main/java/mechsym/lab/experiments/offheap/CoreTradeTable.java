package mechsym.lab.experiments.offheap;

import java.io.IOException;
import java.io.UncheckedIOException;
import mechsym.core.memory.PagePolicy;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;
import mechsym.tools.trades.Trade;

/**
 * The post's table through mechsym's own core: the 42-byte {@link Trade} layout declared once,
 * a {@link RecordStore} in an arena (array of structures or columnar), the {@link Trade}
 * flyweight. No offset arithmetic and no Unsafe in the user's code.
 */
final class CoreTradeTable implements TradeTable {
    private final StorageForm form;
    private final PagePolicy pagePolicy;
    private final boolean reuse;
    private final Trade trade = new Trade();
    private RecordStore store;

    CoreTradeTable(StorageForm form, PagePolicy pagePolicy) {
        this(form, pagePolicy, false);
    }

    /**
     * With {@code reuse}, the store is allocated by the first init and kept: later inits clear and
     * refill the same, already touched, memory (no page faults), and destroy keeps it.
     */
    CoreTradeTable(StorageForm form, PagePolicy pagePolicy, boolean reuse) {
        this.form = form;
        this.pagePolicy = pagePolicy;
        this.reuse = reuse;
    }

    @Override
    public void init(int records) {
        if (reuse && store != null && store.capacity() >= records) {
            store.clear();
        } else {
            store = RecordStore.builder(Trade.LAYOUT)
                    .form(form)
                    .capacity(records)
                    .pagePolicy(pagePolicy)
                    .allocate();
            store.bind(trade);
        }
        store.setSize(records);
        // one small setter per field, as the post: an all-fields setter compiled on its own is
        // too big for C2 to inline into this loop, which then pays a call per record
        final Trade t = trade;
        for (int i = 0; i < records; i++) {
            t.moveTo(i);
            t.tradeId(i);
            t.clientId(1);
            t.venueCode(VENUE_CODE);
            t.instrumentCode(INSTRUMENT_CODE);
            t.price(i);
            t.quantity(i);
            t.side((i & 1) == 0 ? 'B' : 'S');
        }
    }

    /** The store of the last init, for benchmarks that read its bytes directly. */
    RecordStore store() {
        return store;
    }

    @Override
    public void scan(int records, long[] buyAndSellCost) {
        long buyCost = 0;
        long sellCost = 0;
        final Trade t = trade;
        for (int i = 0; i < records; i++) {
            t.moveTo(i);
            if (t.side() == 'B') {
                buyCost += (t.price() * t.quantity());
            } else {
                sellCost += (t.price() * t.quantity());
            }
        }
        buyAndSellCost[0] = buyCost;
        buyAndSellCost[1] = sellCost;
    }

    @Override
    public long offHeapBytes() {
        return store.dataBytes();
    }

    @Override
    public void destroy() {
        if (reuse) {
            return;
        }
        try {
            store.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        store = null;
    }
}
