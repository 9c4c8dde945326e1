package mechsym.tools.trades;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CodesAndPricesTest {
    @Test
    void codesPackLikeThePost() {
        assertThat(Codes.pack("BHP")).isEqualTo('B' << 24 | 'H' << 16 | 'P' << 8);
        assertThat(Codes.pack("XLON")).isEqualTo('X' << 24 | 'L' << 16 | 'O' << 8 | 'N');
        for (String code : new String[] {"A", "BP", "BHP", "XLON", "~!~!"}) {
            assertThat(Codes.unpack(Codes.pack(code))).isEqualTo(code);
        }
        assertThatThrownBy(() -> Codes.pack("")).hasMessageContaining("1 to 4");
        assertThatThrownBy(() -> Codes.pack("ABCDE")).hasMessageContaining("1 to 4");
        assertThatThrownBy(() -> Codes.pack("A B")).hasMessageContaining("printable");
    }

    @Test
    void aCorruptCodeUnpacksEscapedNotAsTerminalControl() {
        // a damaged store: ESC [ 3 2 would turn a terminal green; 0x9B is the one-byte CSI
        assertThat(Codes.unpack(0x1b5b3332)).isEqualTo("\\x1b[32");
        assertThat(Codes.unpack(0x9b41_4243)).isEqualTo("\\x9bABC");
        assertThat(Codes.unpack(0x4120_4200)).isEqualTo("A\\x20B");
        assertThat(Codes.sideText('B')).isEqualTo("B");
        assertThat(Codes.sideText('\u001b')).isEqualTo("\\u001b");
        assertThat(Codes.sideText('\u5858')).isEqualTo("\\u5858");
    }

    @Test
    void pricesAreTicksOfOneTenThousandth() {
        assertThat(Prices.parse("101.25")).isEqualTo(1_012_500);
        assertThat(Prices.parse("0.0001")).isEqualTo(1);
        assertThat(Prices.parse("5")).isEqualTo(50_000);
        assertThat(Prices.parse("0")).isZero();
        assertThat(Prices.toDecimal(1_012_500).toPlainString()).isEqualTo("101.2500");
        for (String bad : new String[] {"", "1.23456", "abc", "-1", ".5", "5.", "1..2", "1e5", "922337203685478"}) {
            assertThatThrownBy(() -> Prices.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void int128SumsProductsExactlyWhereLongWraps() {
        Random random = new Random(7);
        Int192 sum = new Int192();
        BigInteger expected = BigInteger.ZERO;
        for (int i = 0; i < 10_000; i++) {
            // products up to 2^114, so 10,000 of them stay within 128 bits
            long a = random.nextLong() >> 6;
            long b = random.nextInt(3) == 0 ? random.nextLong() >> 6 : random.nextInt();
            sum.addProduct(a, b);
            expected = expected.add(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)));
            int cmp = Int192.compareProducts(a, b, b, -a);
            assertThat(Integer.signum(cmp))
                    .isEqualTo(BigInteger.valueOf(a)
                            .multiply(BigInteger.valueOf(b))
                            .compareTo(BigInteger.valueOf(b).multiply(BigInteger.valueOf(-a))));
        }
        assertThat(sum.toBigInteger()).isEqualTo(expected);
    }
}
