package mechsym.tools.dump;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import mechsym.core.codec.BufferBoundsException;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.Marshallable;
import mechsym.core.codec.Utf8;

/**
 * The serialisation post's {@code ObjectToBeSerialised}: the object the lab's serialisation
 * experiment writes and reads every way, and the {@code Order} of {@code samples/dump/orders.schema}
 * that {@code mechsym dump} reads back, the post's "tool for reading the binary format".
 *
 * <p>{@link Serializable} as the post's is, with its field names, types and {@code serialVersionUID},
 * so Java Serialization writes what it wrote for the post except the class name. As a {@link
 * Marshallable}: type 1, version 1 in the post's 185-byte layout with ten prices and ten quantities
 *
 * <pre>
 * long sourceId | byte special | int orderCode | int priority | int n, double[n] prices | int m, long[m] quantities
 * </pre>
 *
 * and version 2 with a trader name appended (int32 byte length + UTF-8). The trader is {@code
 * transient}: Java Serialization writes the post's six fields only. {@link #readFrom} reuses its
 * arrays when the counts match and checks every count against the bytes left before allocating;
 * {@link #read} allocates a new object and its arrays, as the post's reads did. Not thread-safe.
 */
public final class PostObject implements Serializable, Marshallable {
    @Serial
    private static final long serialVersionUID = 10275539472837495L;

    public static final int TYPE_ID = 1;

    public long sourceId;
    public boolean special;
    public int orderCode;
    public int priority;
    public double[] prices = new double[0];
    public long[] quantities = new long[0];
    /** Null in version 1. */
    public transient String trader;

    /** An instance to read into with {@link #readFrom}. */
    public PostObject() {}

    /** A version 1 object, as the post's constructor takes it. */
    public PostObject(long sourceId, boolean special, int orderCode, int priority, double[] prices, long[] quantities) {
        this(sourceId, special, orderCode, priority, prices, quantities, null);
    }

    /** A version 2 object when {@code trader} is not null. */
    public PostObject(
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
    public static PostObject item() {
        return new PostObject(
                1010L, true, 777, 99, new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, new long[] {
                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10
                });
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

    /** Reads version 1 into this instance; see {@link #readFrom(CodecBuffer, int)} for version 2. */
    @Override
    public void readFrom(CodecBuffer buffer) {
        readFrom(buffer, 1);
    }

    /** Reads the body of the given version into this instance, reusing its arrays when the counts match. */
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

    /** Reads a version 1 body into a new object and new arrays, as the post's reads do. */
    public static PostObject read(CodecBuffer buffer) {
        long sourceId = buffer.readLong();
        boolean special = buffer.readBoolean();
        int orderCode = buffer.readInt();
        int priority = buffer.readInt();
        double[] prices = new double[buffer.readCount(Double.BYTES)];
        buffer.readDoubles(prices, 0, prices.length);
        long[] quantities = new long[buffer.readCount(Long.BYTES)];
        buffer.readLongs(quantities, 0, quantities.length);
        return new PostObject(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PostObject that
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

    @Override
    public String toString() {
        return "PostObject[" + sourceId + ", " + special + ", " + orderCode + ", " + priority + ", "
                + Arrays.toString(prices) + ", " + Arrays.toString(quantities)
                + (trader == null ? "" : ", " + trader) + "]";
    }
}
