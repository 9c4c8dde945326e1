package mechsym.tools.trades;

import java.math.BigInteger;

/**
 * A mutable 192-bit signed accumulator of exact products and sums, so that no store's sums can
 * wrap: a product of two longs is less than 2^126 in magnitude, and a store holds fewer than 2^63
 * records, so a sum of its products stays below 2^189 (128 bits do not suffice: three trades at
 * the largest price and quantity already pass 2^127). Not thread-safe; {@link #addProduct} and
 * {@link #add(long)} allocate nothing.
 */
final class Int192 {
    /** Bits 128 to 191, signed. */
    private long high;
    /** Bits 64 to 127, unsigned. */
    private long middle;
    /** Bits 0 to 63, unsigned. */
    private long low;

    /** Adds {@code a * b} exactly. */
    void addProduct(long a, long b) {
        add128(Math.multiplyHigh(a, b), a * b);
    }

    /** Adds {@code value}. */
    void add(long value) {
        add128(value >> 63, value);
    }

    /** Adds the signed 128-bit value {@code (addHigh, addLow)}, sign-extended to 192 bits. */
    private void add128(long addHigh, long addLow) {
        long lowSum = low + addLow;
        long carryIntoMiddle = Long.compareUnsigned(lowSum, low) < 0 ? 1 : 0;
        low = lowSum;
        long middleSum = middle + addHigh;
        long carryIntoHigh = Long.compareUnsigned(middleSum, middle) < 0 ? 1 : 0;
        middleSum += carryIntoMiddle;
        if (carryIntoMiddle == 1 && middleSum == 0) {
            carryIntoHigh = 1; // the middle word wrapped from all ones
        }
        middle = middleSum;
        high += (addHigh >> 63) + carryIntoHigh;
    }

    BigInteger toBigInteger() {
        return BigInteger.valueOf(high)
                .shiftLeft(128)
                .add(new BigInteger(Long.toUnsignedString(middle)).shiftLeft(64))
                .add(new BigInteger(Long.toUnsignedString(low)));
    }

    /** Compares the products {@code a1 * b1} and {@code a2 * b2} exactly. */
    static int compareProducts(long a1, long b1, long a2, long b2) {
        int byHigh = Long.compare(Math.multiplyHigh(a1, b1), Math.multiplyHigh(a2, b2));
        return byHigh != 0 ? byHigh : Long.compareUnsigned(a1 * b1, a2 * b2);
    }
}
