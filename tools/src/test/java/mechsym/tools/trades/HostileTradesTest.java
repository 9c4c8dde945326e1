package mechsym.tools.trades;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trades programs given the input a hostile user would try: figures stay exact, errors short and named. */
class HostileTradesTest {
    /** A real read error (EIO) on any Linux: /proc/self/mem cannot be read at offset 0. */
    private static final Path UNREADABLE = Path.of("/proc/self/mem");

    @TempDir
    Path dir;

    private Path store(String... rows) throws IOException {
        Path csv = dir.resolve("rows.csv");
        Files.writeString(csv, TradeCsv.HEADER + "\n" + String.join("\n", rows) + "\n");
        Path store = dir.resolve("rows.rec");
        TradeImport.of(csv).intoNewStore(store, false, null, true, done -> {});
        return store;
    }

    @Test
    void quantitiesThatWouldWrapALongSumExactly() throws IOException {
        long most = Long.MAX_VALUE;
        Path store = store("1,1,XLON,BHP,1,9223372036854775807,B", "2,1,XLON,BHP,1,9223372036854775807,B");

        TradeQuery.Result result =
                new TradeQuery().groupBy(TradeQuery.GroupBy.INSTRUMENT).run(store);

        TradeQuery.Group bhp =
                result.groups().get(TradeQuery.GroupBy.INSTRUMENT).getFirst();
        BigInteger twice = BigInteger.valueOf(most).shiftLeft(1);
        assertThat(bhp.quantity()).isEqualTo(twice); // a long sum would be -2
        assertThat(bhp.vwap()).isEqualByComparingTo(BigDecimal.ONE);
        assertThat(result.buyCost()).isEqualTo(twice.multiply(BigInteger.valueOf(Prices.TICKS_PER_UNIT)));
    }

    @Test
    void theLargestPricesAndQuantitiesSumExactlyPast128Bits() throws IOException {
        String largestPrice = "922337203685476.9999";
        long price = Prices.parse(largestPrice);
        String row = ",1,XLON,BHP," + largestPrice + ",9223372036854775807,B";
        Path store = store("1" + row, "2" + row, "3" + row);

        TradeQuery.Result result =
                new TradeQuery().groupBy(TradeQuery.GroupBy.VENUE).run(store);

        BigInteger one = BigInteger.valueOf(price).multiply(BigInteger.valueOf(Long.MAX_VALUE));
        BigInteger three = one.multiply(BigInteger.valueOf(3));
        assertThat(three.bitLength()).as("the case passes 128 signed bits").isGreaterThan(127);
        assertThat(result.buyCost()).isEqualTo(three); // a 128-bit sum would be -8.5e39
        TradeQuery.Group xlon = result.groups().get(TradeQuery.GroupBy.VENUE).getFirst();
        assertThat(xlon.notional()).isEqualTo(three);
        assertThat(xlon.vwap()).isEqualByComparingTo(new BigDecimal(largestPrice));
        Map<String, Object> json = QueryReport.json(result, 0.1);
        assertThat(json.toString()).doesNotContain("-");
    }

    @Test
    void int192SumsProductsAndValuesExactlyEitherSign() {
        Int192 sum = new Int192();
        BigInteger expected = BigInteger.ZERO;
        long[] values = {Long.MAX_VALUE, Long.MIN_VALUE, -1, 1, Long.MAX_VALUE, Long.MAX_VALUE, 7};
        for (long a : values) {
            for (long b : values) {
                sum.addProduct(a, b);
                sum.add(a);
                expected = expected.add(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)))
                        .add(BigInteger.valueOf(a));
                assertThat(sum.toBigInteger()).isEqualTo(expected);
            }
        }
    }

    @Test
    void aHugeFieldIsQuotedAsAShortExcerpt() throws IOException {
        String huge = "9".repeat(1 << 20) + "x";
        Path csv = dir.resolve("huge.csv");
        Files.writeString(csv, TradeCsv.HEADER + "\n1,1,XLON,BHP,1.5," + huge + ",B\n");

        assertThatThrownBy(() -> TradeImport.of(csv).intoNewStore(dir.resolve("h.rec"), false, null, false, d -> {}))
                .isInstanceOf(CsvFormatException.class)
                .hasMessageContaining(csv + ":2: column 6 (quantity): '" + "9".repeat(Quoted.MAX_CHARS) + "...' ("
                        + huge.length() + " characters) is not an integer")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
        for (String field : List.of("price", "venue", "side")) {
            String row = switch (field) {
                case "price" -> "1,1,XLON,BHP," + huge + ",1,B";
                case "venue" -> "1,1," + huge + ",BHP,1.5,1,B";
                default -> "1,1,XLON,BHP,1.5,1," + huge;
            };
            Files.writeString(csv, TradeCsv.HEADER + "\n" + row + "\n");
            assertThatThrownBy(() -> TradeImport.of(csv).intoNewStore(dir.resolve("h.rec"), false, null, true, d -> {}))
                    .as(field)
                    .isInstanceOf(CsvFormatException.class)
                    .satisfies(
                            e -> assertThat(e.getMessage()).hasSizeLessThan(400).contains("characters)"));
        }
    }

    @Test
    void aReadErrorNamesTheFile() {
        assertThatThrownBy(() -> TradeImport.of(UNREADABLE))
                .isInstanceOf(IOException.class)
                .hasMessage(UNREADABLE + ": Input/output error");
    }

    @Test
    void theTopListIsBounded() {
        assertThat(new TradeQuery().top(TradeQuery.MAX_TOP)).isNotNull();
        assertThatThrownBy(() -> new TradeQuery().top(1_000_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("must be 0 to 10000, was 1000000");
    }
}
