package mechsym.lab.experiments.serialisation;

import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Arrays;
import mechsym.core.codec.CodecBuffer;
import mechsym.core.codec.Marshallable;
import org.agrona.MutableDirectBuffer;

/**
 * The serialisation post's {@code ObjectToBeSerialised}, with one write and one read per way of
 * turning it into bytes: Java Serialization (it is {@link Serializable}), the post's ByteBuffer code,
 * the post's Unsafe code, mechsym's codec ({@link Marshallable}, a read into a reused instance, and
 * the decode-in-place {@link PostObjectFlyweight}) and Agrona's {@code UnsafeBuffer}. Every binary way writes the post's 185-byte layout:
 *
 * <pre>
 * long sourceId | byte special | int orderCode | int priority | int n, double[n] prices | int m, long[m] quantities
 * </pre>
 *
 * Reads allocate a new object and its arrays, as the post's did, except {@link #readFrom}.
 */
public final class PostObject implements Serializable, Marshallable {
    @Serial
    private static final long serialVersionUID = 10275539472837495L;

    public static final int TYPE_ID = 1;

    private long sourceId;
    private boolean special;
    private int orderCode;
    private int priority;
    private double[] prices;
    private long[] quantities;

    public PostObject(long sourceId, boolean special, int orderCode, int priority, double[] prices, long[] quantities) {
        this.sourceId = sourceId;
        this.special = special;
        this.orderCode = orderCode;
        this.priority = priority;
        this.prices = prices;
        this.quantities = quantities;
    }

    /** The post's ITEM. */
    public static PostObject item() {
        return new PostObject(
                1010L, true, 777, 99, new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, new long[] {
                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10
                });
    }

    /** An instance to read into with {@link #readFrom}. */
    public static PostObject empty() {
        return new PostObject(0, false, 0, 0, new double[0], new long[0]);
    }

    long sourceId() {
        return sourceId;
    }

    boolean special() {
        return special;
    }

    int orderCode() {
        return orderCode;
    }

    int priority() {
        return priority;
    }

    double[] prices() {
        return prices;
    }

    long[] quantities() {
        return quantities;
    }

    // ---- protobuf: the generated message from lab/src/main/protobuf/post_object.proto

    /** Builds the generated message (allocates, as protobuf users do on every write). */
    public mechsym.lab.experiments.serialisation.proto.PostObjectMessage toProto() {
        mechsym.lab.experiments.serialisation.proto.PostObjectMessage.Builder b =
                mechsym.lab.experiments.serialisation.proto.PostObjectMessage.newBuilder()
                        .setSourceId(sourceId)
                        .setSpecial(special)
                        .setOrderCode(orderCode)
                        .setPriority(priority);
        for (double price : prices) {
            b.addPrices(price);
        }
        for (long quantity : quantities) {
            b.addQuantities(quantity);
        }
        return b.build();
    }

    /** Reads the generated message back into a new object. */
    public static PostObject fromProto(mechsym.lab.experiments.serialisation.proto.PostObjectMessage m) {
        double[] prices = new double[m.getPricesCount()];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = m.getPrices(i);
        }
        long[] quantities = new long[m.getQuantitiesCount()];
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = m.getQuantities(i);
        }
        return new PostObject(m.getSourceId(), m.getSpecial(), m.getOrderCode(), m.getPriority(), prices, quantities);
    }

    // ---- the post's ByteBuffer code

    public void write(ByteBuffer byteBuffer) {
        byteBuffer.putLong(sourceId);
        byteBuffer.put((byte) (special ? 1 : 0));
        byteBuffer.putInt(orderCode);
        byteBuffer.putInt(priority);
        byteBuffer.putInt(prices.length);
        for (double price : prices) {
            byteBuffer.putDouble(price);
        }
        byteBuffer.putInt(quantities.length);
        for (long quantity : quantities) {
            byteBuffer.putLong(quantity);
        }
    }

    public static PostObject read(ByteBuffer byteBuffer) {
        long sourceId = byteBuffer.getLong();
        boolean special = 0 != byteBuffer.get();
        int orderCode = byteBuffer.getInt();
        int priority = byteBuffer.getInt();
        int pricesSize = byteBuffer.getInt();
        double[] prices = new double[pricesSize];
        for (int i = 0; i < pricesSize; i++) {
            prices[i] = byteBuffer.getDouble();
        }
        int quantitiesSize = byteBuffer.getInt();
        long[] quantities = new long[quantitiesSize];
        for (int i = 0; i < quantitiesSize; i++) {
            quantities[i] = byteBuffer.getLong();
        }
        return new PostObject(sourceId, special, orderCode, priority, prices, quantities);
    }

    // ---- the post's Unsafe code

    void write(UnsafeMemory buffer) {
        buffer.putLong(sourceId);
        buffer.putBoolean(special);
        buffer.putInt(orderCode);
        buffer.putInt(priority);
        buffer.putDoubleArray(prices);
        buffer.putLongArray(quantities);
    }

    static PostObject read(UnsafeMemory buffer) {
        long sourceId = buffer.getLong();
        boolean special = buffer.getBoolean();
        int orderCode = buffer.getInt();
        int priority = buffer.getInt();
        double[] prices = buffer.getDoubleArray();
        long[] quantities = buffer.getLongArray();
        return new PostObject(sourceId, special, orderCode, priority, prices, quantities);
    }

    // ---- mechsym codec

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
        buffer.writeLong(sourceId);
        buffer.writeBoolean(special);
        buffer.writeInt(orderCode);
        buffer.writeInt(priority);
        buffer.writeInt(prices.length);
        buffer.writeDoubles(prices, 0, prices.length);
        buffer.writeInt(quantities.length);
        buffer.writeLongs(quantities, 0, quantities.length);
    }

    /** Reads into this instance, reusing its arrays when the counts match (a flyweight-style read). */
    @Override
    public void readFrom(CodecBuffer buffer) {
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
    }

    /** Reads a new object, as the post's reads do. */
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

    /** Writes every field in place through a flyweight wrapped for writing (see {@link PostObjectFlyweight}). */
    public void write(PostObjectFlyweight flyweight) {
        flyweight
                .setSourceId(sourceId)
                .setSpecial(special)
                .setOrderCode(orderCode)
                .setPriority(priority)
                .setPrices(prices)
                .setQuantities(quantities);
    }

    /** Copies a wrapped flyweight's fields into a new object (for checks; the flyweight's point is not to). */
    public static PostObject read(PostObjectFlyweight flyweight) {
        double[] prices = new double[PostObjectFlyweight.COUNT];
        flyweight.getPrices(prices);
        long[] quantities = new long[PostObjectFlyweight.COUNT];
        flyweight.getQuantities(quantities);
        return new PostObject(
                flyweight.getSourceId(),
                flyweight.isSpecial(),
                flyweight.getOrderCode(),
                flyweight.getPriority(),
                prices,
                quantities);
    }

    // ---- Agrona UnsafeBuffer (positional, native order)

    /** Writes at index 0; returns the bytes written. */
    public int write(MutableDirectBuffer buffer) {
        int p = 0;
        buffer.putLong(p, sourceId);
        p += 8;
        buffer.putByte(p, (byte) (special ? 1 : 0));
        p += 1;
        buffer.putInt(p, orderCode);
        p += 4;
        buffer.putInt(p, priority);
        p += 4;
        buffer.putInt(p, prices.length);
        p += 4;
        for (double price : prices) {
            buffer.putDouble(p, price);
            p += 8;
        }
        buffer.putInt(p, quantities.length);
        p += 4;
        for (long quantity : quantities) {
            buffer.putLong(p, quantity);
            p += 8;
        }
        return p;
    }

    public static PostObject read(MutableDirectBuffer buffer) {
        int p = 0;
        long sourceId = buffer.getLong(p);
        p += 8;
        boolean special = buffer.getByte(p) != 0;
        p += 1;
        int orderCode = buffer.getInt(p);
        p += 4;
        int priority = buffer.getInt(p);
        p += 4;
        double[] prices = new double[buffer.getInt(p)];
        p += 4;
        for (int i = 0; i < prices.length; i++) {
            prices[i] = buffer.getDouble(p);
            p += 8;
        }
        long[] quantities = new long[buffer.getInt(p)];
        p += 4;
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = buffer.getLong(p);
            p += 8;
        }
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
                && Arrays.equals(quantities, that.quantities);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sourceId) * 31 + orderCode;
    }
}
