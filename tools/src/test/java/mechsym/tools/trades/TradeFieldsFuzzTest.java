package mechsym.tools.trades;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Coverage-guided fuzz tests (Jazzer) of the trade CSV's field parsers against a reference: prices
 * against {@link BigDecimal}, codes against their documented alphabet. Regression mode under {@code
 * ./mechsym test}; {@code ./mechsym fuzz pricesParseAsDecimals} fuzzes.
 */
class TradeFieldsFuzzTest {
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
}
