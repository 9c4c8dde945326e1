package example;

import java.io.IOException;
import mechsym.core.memory.Flyweight;
import mechsym.core.memory.LongField;
import mechsym.core.memory.RecordLayout;
import mechsym.core.memory.RecordStore;

/** Off-heap records: a layout declared once, a flyweight over it, a store in an arena. */
final class MemoryExample {
    static final class Trade extends Flyweight {
        static final RecordLayout LAYOUT = RecordLayout.packed().int64("id").int64("price").build();
        private static final LongField ID = LAYOUT.longField("id"); // static final: a JIT constant
        private static final LongField PRICE = LAYOUT.longField("price");

        Trade() {
            super(LAYOUT);
        }

        long price() {
            return PRICE.get(this);
        }

        void set(long id, long price) {
            ID.set(this, id);
            PRICE.set(this, price);
        }
    }

    static long totalPrice() throws IOException { // closing a store may write a file's header
        try (RecordStore store = RecordStore.builder(Trade.LAYOUT).capacity(1_000).allocate()) {
            Trade trade = store.bind(new Trade());
            for (long id = 0; id < 1_000; id++) {
                store.append(trade); // a new record at index size(); the flyweight now points at it
                trade.set(id, id * 2);
            }
            store.publish(); // release store of the count: readers on other threads see the records
            long total = 0;
            for (long i = 0; i < store.size(); i++) { // allocates nothing
                trade.moveTo(i);
                total += trade.price();
            }
            return total;
        }
    }
}
