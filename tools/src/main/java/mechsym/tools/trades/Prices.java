package mechsym.tools.trades;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Prices are stored as a {@code long} count of ticks of 0.0001 (scale 4): {@code 101.25} is
 * {@code 1012500}. Stateless and thread-safe.
 */
public final class Prices {
    /** Decimal places of a stored price. */
    public static final int SCALE = 4;
    /** Ticks per currency unit. */
    public static final long TICKS_PER_UNIT = 10_000;

    private Prices() {}

    /**
     * Parses a non-negative decimal with at most four decimal places, e.g. {@code 101.25}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static long parse(CharSequence text) {
        int length = text.length();
        if (length == 0) {
            throw new IllegalArgumentException("empty price");
        }
        long units = 0;
        long fraction = 0;
        int fractionDigits = -1;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == '.' && fractionDigits < 0 && i > 0) {
                fractionDigits = 0;
            } else if (c >= '0' && c <= '9') {
                if (fractionDigits < 0) {
                    units = units * 10 + (c - '0');
                    if (units > Long.MAX_VALUE / TICKS_PER_UNIT - 1) {
                        throw new IllegalArgumentException("price " + Quoted.of(text) + " is too large");
                    }
                } else if (++fractionDigits > SCALE) {
                    throw new IllegalArgumentException(
                            "price " + Quoted.of(text) + " has more than " + SCALE + " decimal places");
                } else {
                    fraction = fraction * 10 + (c - '0');
                }
            } else {
                throw new IllegalArgumentException("price " + Quoted.of(text) + " is not a decimal number like 101.25");
            }
        }
        if (fractionDigits == 0) {
            throw new IllegalArgumentException("price " + Quoted.of(text) + " ends with '.'");
        }
        for (int d = Math.max(fractionDigits, 0); d < SCALE; d++) {
            fraction *= 10;
        }
        return units * TICKS_PER_UNIT + fraction;
    }

    /** A price in ticks as a decimal with four places. */
    public static BigDecimal toDecimal(long ticks) {
        return BigDecimal.valueOf(ticks, SCALE);
    }

    /** An amount in ticks times quantity (e.g. a notional) as a decimal with four places. */
    public static BigDecimal toDecimal(BigInteger ticks) {
        return new BigDecimal(ticks, SCALE);
    }
}
