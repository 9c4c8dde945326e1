package mechsym.tools.trades;

import java.math.BigInteger;

/**
 * A mutable 128-bit signed accumulator of exact products, so sums of {@code price * quantity} over
 * billions of trades never wrap (the post's {@code long} sums do at 50M records). Not thread-safe;
 * {@link #addProduct} allocates nothing.
 */
final class Int128 {
    private long high;
    private long low;

    /** Adds {@code a * b} exactly. */
    void addProduct(long a, long b) {
        add(Math.multiplyHigh(a, b), a * b);
    }

    /** Adds the 128-bit value {@code (high, low)}. */
    void add(long addHigh, long addLow) {
        long sum = low + addLow;
        high += addHigh + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
        low = sum;
    }

    void add(Int128 other) {
        add(other.high, other.low);
    }

    BigInteger toBigInteger() {
        return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
    }

    /** Compares the products {@code a1 * b1} and {@code a2 * b2} exactly. */
    static int compareProducts(long a1, long b1, long a2, long b2) {
        int byHigh = Long.compare(Math.multiplyHigh(a1, b1), Math.multiplyHigh(a2, b2));
        return byHigh != 0 ? byHigh : Long.compareUnsigned(a1 * b1, a2 * b2);
    }
}
