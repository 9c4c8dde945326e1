package mechsym.lab.experiments.serialisation;

import java.nio.ByteBuffer;
import mechsym.lab.experiments.serialisation.proto.PostObjectMessage;
import mechsym.tools.dump.PostObject;
import org.agrona.MutableDirectBuffer;

/**
 * The ways of turning the serialisation post's object ({@link PostObject}) into bytes that only the
 * lab measures: the post's ByteBuffer code, the post's Unsafe code, Agrona's {@code UnsafeBuffer},
 * protobuf's generated message and a copy through mechsym's {@link PostObjectFlyweight}. Java
 * Serialization and mechsym's codec are the object's own ({@link java.io.Serializable}, {@link
 * PostObject#writeTo}, {@link PostObject#read}). Every binary way writes the post's 185-byte layout;
 * reads allocate a new object and its arrays, as the post's did. Stateless: each method is as
 * thread-safe as the buffer it is given.
 */
final class PostObjectCodecs {
    private PostObjectCodecs() {}

    // ---- the post's ByteBuffer code (big-endian unless the buffer says otherwise)

    static void write(PostObject o, ByteBuffer byteBuffer) {
        byteBuffer.putLong(o.sourceId);
        byteBuffer.put((byte) (o.special ? 1 : 0));
        byteBuffer.putInt(o.orderCode);
        byteBuffer.putInt(o.priority);
        byteBuffer.putInt(o.prices.length);
        for (double price : o.prices) {
            byteBuffer.putDouble(price);
        }
        byteBuffer.putInt(o.quantities.length);
        for (long quantity : o.quantities) {
            byteBuffer.putLong(quantity);
        }
    }

    static PostObject read(ByteBuffer byteBuffer) {
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

    // ---- the post's Unsafe code (native order)

    static void write(PostObject o, UnsafeMemory buffer) {
        buffer.putLong(o.sourceId);
        buffer.putBoolean(o.special);
        buffer.putInt(o.orderCode);
        buffer.putInt(o.priority);
        buffer.putDoubleArray(o.prices);
        buffer.putLongArray(o.quantities);
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

    // ---- Agrona UnsafeBuffer (positional from index 0, native order)

    /** Writes at index 0; returns the bytes written. */
    static int write(PostObject o, MutableDirectBuffer buffer) {
        int p = 0;
        buffer.putLong(p, o.sourceId);
        p += 8;
        buffer.putByte(p, (byte) (o.special ? 1 : 0));
        p += 1;
        buffer.putInt(p, o.orderCode);
        p += 4;
        buffer.putInt(p, o.priority);
        p += 4;
        buffer.putInt(p, o.prices.length);
        p += 4;
        for (double price : o.prices) {
            buffer.putDouble(p, price);
            p += 8;
        }
        buffer.putInt(p, o.quantities.length);
        p += 4;
        for (long quantity : o.quantities) {
            buffer.putLong(p, quantity);
            p += 8;
        }
        return p;
    }

    static PostObject read(MutableDirectBuffer buffer) {
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

    // ---- mechsym's flyweight: every field in place

    /** Writes every field through a flyweight wrapped for writing (see {@link PostObjectFlyweight}). */
    static void write(PostObject o, PostObjectFlyweight flyweight) {
        flyweight
                .setSourceId(o.sourceId)
                .setSpecial(o.special)
                .setOrderCode(o.orderCode)
                .setPriority(o.priority)
                .setPrices(o.prices)
                .setQuantities(o.quantities);
    }

    /** Copies a wrapped flyweight's fields into a new object (for checks; the flyweight's point is not to). */
    static PostObject read(PostObjectFlyweight flyweight) {
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

    // ---- protobuf: the generated message from lab/src/main/protobuf/post_object.proto

    /** Builds the generated message (allocates, as protobuf users do on every write). */
    static PostObjectMessage toProto(PostObject o) {
        PostObjectMessage.Builder b = PostObjectMessage.newBuilder()
                .setSourceId(o.sourceId)
                .setSpecial(o.special)
                .setOrderCode(o.orderCode)
                .setPriority(o.priority);
        for (double price : o.prices) {
            b.addPrices(price);
        }
        for (long quantity : o.quantities) {
            b.addQuantities(quantity);
        }
        return b.build();
    }

    /** Reads the generated message back into a new object. */
    static PostObject fromProto(PostObjectMessage m) {
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
}
