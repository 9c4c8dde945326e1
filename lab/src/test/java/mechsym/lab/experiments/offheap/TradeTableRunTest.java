package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TradeTableRunTest {
    @ParameterizedTest
    @EnumSource(TradeTableRun.Storage.class)
    void everyStorageComputesThePostsCostsRunAfterRun(TradeTableRun.Storage storage) throws Exception {
        int records = 30_001;
        long[] expected = TradeTableRun.expectedCosts(records);
        long[] costs = new long[2];
        try (TradeTableRun.TradeTable table = TradeTableRun.table(storage, records)) {
            for (int run = 0; run < 3; run++) {
                table.init(records);
                table.scan(costs);
                assertThat(costs).as("%s run %d", storage, run).containsExactly(expected);
                long bytes = table.offHeapBytes();
                switch (storage) {
                    case OBJECTS -> assertThat(bytes).isZero();
                    // seven columns, each padded to 64 bytes
                    case COLUMNAR_THP -> assertThat(bytes).isBetween(42L * records, 42L * records + 7 * 64);
                    default -> assertThat(bytes).isEqualTo(42L * records);
                }
                table.destroy();
            }
        }
    }

    @Test
    void expectedCostsAreThePostsWrappingLongArithmetic() {
        int records = 3_000_001; // sums beyond 2^63 are not reached here, so compare exactly
        long[] costs = TradeTableRun.expectedCosts(records);
        BigInteger buy = BigInteger.ZERO;
        BigInteger sell = BigInteger.ZERO;
        for (long i = 0; i < records; i++) {
            BigInteger cost = BigInteger.valueOf(i * i);
            if (i % 2 == 0) {
                buy = buy.add(cost);
            } else {
                sell = sell.add(cost);
            }
        }
        assertThat(costs[0]).isEqualTo(buy.longValue());
        assertThat(costs[1]).isEqualTo(sell.longValue());
    }

    @Test
    void gcPausesAreAttributedToTheWindowTheyStartedIn() {
        List<GcPauses.Collection> collections = List.of(
                new GcPauses.Collection(100, "G1New", "G1 Evacuation Pause", 2.0, 2.0),
                new GcPauses.Collection(150, "G1Full", "System.gc()", 30.0, 30.0),
                new GcPauses.Collection(150, "G1New", "G1 Evacuation Pause", 1.0, 1.0),
                new GcPauses.Collection(400, "G1New", "G1 Evacuation Pause", 5.0, 4.0));
        GcPauses.Window window = GcPauses.within(collections, 120, 399);
        assertThat(window.count()).isEqualTo(2);
        assertThat(window.totalMs()).isEqualTo(31.0);
        assertThat(window.longestMs()).isEqualTo(30.0);
        assertThat(window.causes()).isEqualTo("G1Full: System.gc() x1; G1New: G1 Evacuation Pause x1");
        assertThat(GcPauses.within(collections, 500, 600)).isEqualTo(GcPauses.Window.NONE);
    }
}
