package mechsym.core.codec;

import java.util.Arrays;

/**
 * The framing tests' message: a quote with a few price levels, type 1, version 1, in the layout
 *
 * <pre>
 * long instrumentId | char side | int n, long[n] prices | int m, int[m] sizes
 * </pre>
 *
 * {@link #item()} has {@link #LEVELS} of each, {@link #BYTES} bytes; the offsets below are those of
 * that body. Two counted arrays of different element sizes, so the tests can corrupt a count and
 * see it refused with its offset. Not thread-safe.
 */
final class Quote implements Marshallable {
    static final int TYPE_ID = 1;
    static final int LEVELS = 4;
    static final int PRICES_COUNT_OFFSET = Long.BYTES + Character.BYTES;
    static final int PRICES_OFFSET = PRICES_COUNT_OFFSET + Integer.BYTES;
    static final int SIZES_COUNT_OFFSET = PRICES_OFFSET + LEVELS * Long.BYTES;
    static final int BYTES = SIZES_COUNT_OFFSET + Integer.BYTES + LEVELS * Integer.BYTES;

    long instrumentId;
    char side;
    long[] prices = new long[0];
    int[] sizes = new int[0];

    static Quote item() {
        Quote quote = new Quote();
        quote.instrumentId = 1010L;
        quote.side = 'B';
        quote.prices = new long[] {10_050, 10_025, 10_000, 9_975};
        quote.sizes = new int[] {300, 500, 800, 1_300};
        return quote;
    }

    @Override
    public int typeId() {
        return TYPE_ID;
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public void writeTo(CodecBuffer buffer) {
        buffer.writeLong(instrumentId);
        buffer.writeChar(side);
        buffer.writeInt(prices.length);
        buffer.writeLongs(prices, 0, prices.length);
        buffer.writeInt(sizes.length);
        buffer.writeInts(sizes, 0, sizes.length);
    }

    /** Reads into this instance; each count is checked against the bytes left before its array is allocated. */
    @Override
    public void readFrom(CodecBuffer buffer) {
        instrumentId = buffer.readLong();
        side = buffer.readChar();
        prices = new long[buffer.readCount(Long.BYTES)];
        buffer.readLongs(prices, 0, prices.length);
        sizes = new int[buffer.readCount(Integer.BYTES)];
        buffer.readInts(sizes, 0, sizes.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Quote that
                && instrumentId == that.instrumentId
                && side == that.side
                && Arrays.equals(prices, that.prices)
                && Arrays.equals(sizes, that.sizes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(instrumentId);
    }

    @Override
    public String toString() {
        return "Quote[" + instrumentId + ", " + side + ", " + Arrays.toString(prices) + ", " + Arrays.toString(sizes)
                + "]";
    }
}
