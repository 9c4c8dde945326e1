package mechsym.tools.dump;

import java.util.Arrays;
import java.util.Objects;
import mechsym.core.codec.BufferBoundsException;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.Marshallable;
import mechsym.core.codec.Utf8;

/**
 * The serialisation post's object as a {@link Marshallable}: type 1, version 1 in the post's
 * 185-byte layout (long, boolean, int, int, int count + doubles, int count + longs), version 2 with a
 * trader name appended (int32 byte length + UTF-8). Matches {@code samples/dump/orders.schema}.
 * {@link #readFrom} reuses its arrays when the counts match and checks every count against the bytes
 * left before allocating. Not thread-safe.
 */
public final class SampleOrder implements Marshallable {
    public static final int TYPE_ID = 1;

    public long sourceId;
    public boolean special;
    public int orderCode;
    public int priority;
    public double[] prices = new double[0];
    public long[] quantities = new long[0];
    /** Null in version 1. */
    public String trader;

    public SampleOrder() {}

    public SampleOrder(
            long sourceId,
            boolean special,
            int orderCode,
            int priority,
            double[] prices,
            long[] quantities,
            String trader) {
        this.sourceId = sourceId;
        this.special = special;
        this.orderCode = orderCode;
        this.priority = priority;
        this.prices = prices;
        this.quantities = quantities;
        this.trader = trader;
    }

    /** The post's ITEM. */
    public static SampleOrder postItem() {
        return new SampleOrder(
                1010L,
                true,
                777,
                99,
                new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0},
                new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                null);
    }

    @Override
    public int typeId() {
        return TYPE_ID;
    }

    @Override
    public int version() {
        return trader == null ? 1 : 2;
    }

    @Override
    public void writeTo(CodecBuffer buffer) {
        buffer.writeLong(sourceId);
        buffer.writeBoolean(special);
        buffer.writeInt(orderCode);
        buffer.writeInt(priority);
        buffer.writeInt(prices.length);
        buffer.writeDoubles(prices, 0, prices.length);
        buffer.writeInt(quantities.length);
        buffer.writeLongs(quantities, 0, quantities.length);
        if (trader != null) {
            if (Utf8.encodeWithLength(trader, buffer) < 0) {
                throw new BufferBoundsException(buffer, "trader does not fit");
            }
        }
    }

    /** Reads version 1; see {@link #readFrom(CodecBuffer, int)} for version 2. */
    @Override
    public void readFrom(CodecBuffer buffer) {
        readFrom(buffer, 1);
    }

    /** Reads the body of the given version. */
    public void readFrom(CodecBuffer buffer, int version) {
        sourceId = buffer.readLong();
        special = buffer.readBoolean();
        orderCode = buffer.readInt();
        priority = buffer.readInt();
        int count = buffer.readCount(Double.BYTES);
        if (prices.length != count) {
            prices = new double[count];
        }
        buffer.readDoubles(prices, 0, count);
        count = buffer.readCount(Long.BYTES);
        if (quantities.length != count) {
            quantities = new long[count];
        }
        buffer.readLongs(quantities, 0, count);
        trader = version >= 2 ? Utf8.decodeWithLength(buffer) : null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SampleOrder that
                && sourceId == that.sourceId
                && special == that.special
                && orderCode == that.orderCode
                && priority == that.priority
                && Arrays.equals(prices, that.prices)
                && Arrays.equals(quantities, that.quantities)
                && Objects.equals(trader, that.trader);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sourceId) * 31 + orderCode;
    }
}
