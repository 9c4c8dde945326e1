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
    private final Trade trade = new Trade();
    private RecordStore store;

    CoreTradeTable(StorageForm form, PagePolicy pagePolicy) {
        this.form = form;
        this.pagePolicy = pagePolicy;
    }

    @Override
    public void init(int records) {
        store = RecordStore.builder(Trade.LAYOUT)
                .form(form)
                .capacity(records)
                .pagePolicy(pagePolicy)
                .allocate();
        store.setSize(records);
        store.bind(trade);
        for (int i = 0; i < records; i++) {
            trade.moveTo(i);
            trade.set(i, 1, VENUE_CODE, INSTRUMENT_CODE, i, i, (i & 1) == 0 ? 'B' : 'S');
        }
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
        try {
            store.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        store = null;
    }
}
