package mechsym.tools.trades;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import mechsym.core.memory.StorageForm;

/**
 * Coverage-guided fuzz tests (Jazzer) of the trade CSV: its field parsers against a reference
 * (prices against {@link BigDecimal}, codes against their documented alphabet), and a whole import
 * against its promise: all rows or none, a bad row named by line and column, and the trades already
 * stored untouched. Regression mode under {@code ./mechsym test}; {@code ./mechsym fuzz
 * pricesParseAsDecimals} (or another method's name) fuzzes.
 */
class TradeFieldsFuzzTest {
    /** Trades stored before each fuzzed import, which a failed import must leave as they were. */
    private static final String STORED = TradeCsv.HEADER + "\n1,7,XLON,BHP,24.50,100,B\n2,8,XNAS,AAPL,189.9501,3,S\n";

    private static final Pattern PRICE = Pattern.compile("[0-9]+(\\.[0-9]{1,4})?");
    /** The largest whole part a price may have: its ticks must fit a long. */
    private static final BigInteger MAX_UNITS = BigInteger.valueOf(Long.MAX_VALUE / Prices.TICKS_PER_UNIT - 1);

    @FuzzTest(maxDuration = "1m")
    void pricesParseAsDecimals(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        boolean valid = PRICE.matcher(text).matches()
                && new BigDecimal(text).toBigInteger().compareTo(MAX_UNITS) <= 0;
        if (valid) {
            long ticks = Prices.parse(text);
            assertThat(Prices.toDecimal(ticks)).isEqualByComparingTo(new BigDecimal(text));
        } else {
            assertThatThrownBy(() -> Prices.parse(text))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("price");
        }
    }

    @FuzzTest(maxDuration = "1m")
    void codesPackOneToFourPrintableCharacters(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        boolean valid = text.length() >= 1 && text.length() <= 4 && text.chars().allMatch(c -> c >= '!' && c <= '~');
        if (valid) {
            assertThat(Codes.unpack(Codes.pack(text))).isEqualTo(text);
        } else {
            assertThatThrownBy(() -> Codes.pack(text)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void csvImportsAllRowsOrNone(FuzzedDataProvider data) throws IOException {
        Path dir = Files.createTempDirectory("trades-fuzz");
        try {
            Path stored = write(dir.resolve("stored.csv"), STORED);
            Path csv = dir.resolve("fuzzed.csv");
            Files.write(csv, data.consumeRemainingAsBytes());
            String before = exportOf(dir.resolve("before.rec"), stored, null);
            String after;
            try {
                after = exportOf(dir.resolve("after.rec"), stored, csv);
            } catch (CsvFormatException e) {
                assertThat(e.line()).as(e.getMessage()).isBetween(1L, TradeCsv.countLines(csv) + 1);
                assertThat(e.column()).as(e.getMessage()).isBetween(0, 7);
                return;
            }
            assertThat(after).startsWith(before);
            // what was imported exports as CSV that imports back to the same trades
            Path exported = write(dir.resolve("exported.csv"), after);
            assertThat(exportOf(dir.resolve("again.rec"), exported, null)).isEqualTo(after);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }

    /**
     * Imports {@code first} then {@code second} (if not null) into a new store at {@code path} and
     * returns its export; when the second import fails, checks that the store still holds exactly the
     * first import's trades before rethrowing.
     */
    private static String exportOf(Path path, Path first, Path second) throws IOException {
        long capacity = TradeCsv.countLines(first) + (second == null ? 0 : TradeCsv.countLines(second));
        StringWriter export = new StringWriter();
        TradeFiles.writeNew(path, Math.max(1, capacity), StorageForm.ARRAY_OF_STRUCTURES, true, (store, trade) -> {
            long firstRows = TradeCsv.importInto(first, store, trade, done -> {});
            if (second != null) {
                StringWriter beforeSecond = new StringWriter();
                TradeCsv.export(store, beforeSecond);
                try {
                    TradeCsv.importInto(second, store, trade, done -> {});
                } catch (CsvFormatException e) {
                    assertThat(store.size()).isEqualTo(firstRows);
                    StringWriter afterFailure = new StringWriter();
                    TradeCsv.export(store, afterFailure);
                    assertThat(afterFailure.toString()).isEqualTo(beforeSecond.toString());
                    throw e;
                }
            }
            TradeCsv.export(store, export);
        });
        return export.toString();
    }

    private static Path write(Path file, String text) throws IOException {
        return Files.writeString(file, text);
    }
}
