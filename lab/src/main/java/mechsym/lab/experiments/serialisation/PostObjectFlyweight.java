package mechsym.lab.experiments.serialisation;

import java.util.Objects;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.CodecException;
import mechsym.core.codec.CodecFlyweight;
import mechsym.tools.dump.PostObject;

/**
 * A decode-in-place view of the serialisation post's object in its 185-byte layout, as {@link
 * PostObject#writeTo} writes it with ten prices and ten quantities: reads and writes each field
 * where it lies in the buffer, copying nothing and allocating nothing.
 *
 * <pre>
 *  0        8   9          13         17       21                    101      105                   185
 *  +--------+---+----------+----------+--------+---------------------+--------+---------------------+
 *  |sourceId|spc|orderCode |priority  |n = 10  | prices double[10]   |m = 10  | quantities long[10] |
 *  | long   |u8 |int       |int       |int     |                     |int     |                     |
 *  +--------+---+----------+----------+--------+---------------------+--------+---------------------+
 * </pre>
 *
 * <p>{@link #wrap} checks, once, that the 185 bytes are in the buffer and that both counts are 10
 * (else {@link CodecException} with the offset of the message or of the bad count); {@link
 * #wrapForWrite} checks the room and writes the two counts, then the setters fill the rest. The
 * indexed accessors check the index against 10. Not thread-safe (one per thread); valid while the
 * wrapped buffer's memory is (see {@link CodecFlyweight}).
 */
public final class PostObjectFlyweight extends CodecFlyweight {
    /** Elements in each of the two arrays of this fixed layout. */
    public static final int COUNT = 10;

    public static final int SOURCE_ID_OFFSET = 0;
    public static final int SPECIAL_OFFSET = 8;
    public static final int ORDER_CODE_OFFSET = 9;
    public static final int PRIORITY_OFFSET = 13;
    public static final int PRICES_COUNT_OFFSET = 17;
    public static final int PRICES_OFFSET = 21;
    public static final int QUANTITIES_COUNT_OFFSET = PRICES_OFFSET + COUNT * Double.BYTES;
    public static final int QUANTITIES_OFFSET = QUANTITIES_COUNT_OFFSET + Integer.BYTES;
    public static final int LENGTH = QUANTITIES_OFFSET + COUNT * Long.BYTES;

    public PostObjectFlyweight() {
        super(LENGTH);
    }

    /**
     * Points at the post's object at {@code offset}, checking its length and both counts.
     *
     * @throws CodecException if fewer than 185 bytes are left, or a count is not 10
     */
    @Override
    public PostObjectFlyweight wrap(CodecBuffer buffer, long offset) {
        super.wrap(buffer, offset);
        checkCounts();
        return this;
    }

    /** As {@link #wrap(CodecBuffer, long)} inside a frame body of {@code length} bytes. */
    @Override
    public PostObjectFlyweight wrap(CodecBuffer buffer, long offset, long length) {
        super.wrap(buffer, offset, length);
        checkCounts();
        return this;
    }

    private void checkCounts() {
        int prices = getInt(PRICES_COUNT_OFFSET);
        int quantities = getInt(QUANTITIES_COUNT_OFFSET);
        if (prices != COUNT || quantities != COUNT) {
            throw badCount(prices, quantities);
        }
    }

    // cold path out of line, so wrap stays small
    private CodecException badCount(int prices, int quantities) {
        return prices != COUNT
                ? invalid(PRICES_COUNT_OFFSET, "prices count " + prices + ", the layout holds " + COUNT)
                : invalid(QUANTITIES_COUNT_OFFSET, "quantities count " + quantities + ", the layout holds " + COUNT);
    }

    /**
     * Points at {@code offset} to write a new object there: checks the room and writes the two
     * counts; the setters write the rest.
     *
     * @throws CodecException if fewer than 185 bytes are left
     */
    public PostObjectFlyweight wrapForWrite(CodecBuffer buffer, long offset) {
        super.wrap(buffer, offset);
        putInt(PRICES_COUNT_OFFSET, COUNT);
        putInt(QUANTITIES_COUNT_OFFSET, COUNT);
        return this;
    }

    public long getSourceId() {
        return getLong(SOURCE_ID_OFFSET);
    }

    public PostObjectFlyweight setSourceId(long value) {
        putLong(SOURCE_ID_OFFSET, value);
        return this;
    }

    public boolean isSpecial() {
        return getBoolean(SPECIAL_OFFSET);
    }

    public PostObjectFlyweight setSpecial(boolean value) {
        putBoolean(SPECIAL_OFFSET, value);
        return this;
    }

    public int getOrderCode() {
        return getInt(ORDER_CODE_OFFSET);
    }

    public PostObjectFlyweight setOrderCode(int value) {
        putInt(ORDER_CODE_OFFSET, value);
        return this;
    }

    public int getPriority() {
        return getInt(PRIORITY_OFFSET);
    }

    public PostObjectFlyweight setPriority(int value) {
        putInt(PRIORITY_OFFSET, value);
        return this;
    }

    /** Price {@code i}, 0 to 9, read in place. */
    public double getPrice(int i) {
        return getDouble(PRICES_OFFSET + Objects.checkIndex(i, COUNT) * Double.BYTES);
    }

    public PostObjectFlyweight setPrice(int i, double value) {
        putDouble(PRICES_OFFSET + Objects.checkIndex(i, COUNT) * Double.BYTES, value);
        return this;
    }

    /** Quantity {@code i}, 0 to 9, read in place. */
    public long getQuantity(int i) {
        return getLong(QUANTITIES_OFFSET + Objects.checkIndex(i, COUNT) * Long.BYTES);
    }

    public PostObjectFlyweight setQuantity(int i, long value) {
        putLong(QUANTITIES_OFFSET + Objects.checkIndex(i, COUNT) * Long.BYTES, value);
        return this;
    }

    /** Copies the ten prices into {@code dst} from index 0 (one bulk copy). */
    public void getPrices(double[] dst) {
        getDoubles(PRICES_OFFSET, dst, 0, COUNT);
    }

    /**
     * Writes the ten prices from {@code src} (one bulk copy).
     *
     * @throws IllegalArgumentException if {@code src} does not hold exactly ten
     */
    public PostObjectFlyweight setPrices(double[] src) {
        putDoubles(PRICES_OFFSET, exactly(src.length, src), 0, COUNT);
        return this;
    }

    /** Copies the ten quantities into {@code dst} from index 0 (one bulk copy). */
    public void getQuantities(long[] dst) {
        getLongs(QUANTITIES_OFFSET, dst, 0, COUNT);
    }

    /**
     * Writes the ten quantities from {@code src} (one bulk copy).
     *
     * @throws IllegalArgumentException if {@code src} does not hold exactly ten
     */
    public PostObjectFlyweight setQuantities(long[] src) {
        putLongs(QUANTITIES_OFFSET, exactly(src.length, src), 0, COUNT);
        return this;
    }

    private static <T> T exactly(int length, T array) {
        if (length != COUNT) {
            throw new IllegalArgumentException("this layout holds " + COUNT + " elements, got " + length);
        }
        return array;
    }
}
