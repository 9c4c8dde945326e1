package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TradeTableTest {
    @ParameterizedTest
    @ValueSource(strings = {"objects", "unsafe", "segment", "core-aos", "core-aos-huge", "core-columnar"})
    void everyStorageComputesThePostsBuyAndSellCost(String storage) {
        int records = 10_001;
        TradeTable table = TradeTableRun.storage(storage);
        table.init(records);
        long[] costs = new long[2];
        table.scan(records, costs);
        assertThat(costs).containsExactly(TradeTableRun.expectedCosts(records));
        if (!storage.equals("objects")) {
            assertThat(table.offHeapBytes()).isGreaterThanOrEqualTo(42L * records);
        }
        table.destroy();
    }

    @Test
    void packedRecordsAre42Bytes() {
        assertThat(UnsafeTradeTable.DirectMemoryTrade.getObjectSize()).isEqualTo(42);
        assertThat(SegmentTradeTable.TRADE.byteSize()).isEqualTo(42);
        assertThat(mechsym.tools.trades.Trade.LAYOUT.recordSize()).isEqualTo(42);
    }

    @Test
    void packMatchesThePost() {
        assertThat(TradeTable.pack(new byte[] {'X', 'L', 'O', 'N'}))
                .isEqualTo(('X' << 24) | ('L' << 16) | ('O' << 8) | 'N');
        assertThat(TradeTable.pack(new byte[] {'B', 'H', 'P'})).isEqualTo(('B' << 24) | ('H' << 16) | ('P' << 8));
        assertThatThrownBy(() -> TradeTable.pack(new byte[5])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unknownStorageIsRefused() {
        assertThatThrownBy(() -> TradeTableRun.storage("nope")).hasMessageContaining("nope");
    }
}
