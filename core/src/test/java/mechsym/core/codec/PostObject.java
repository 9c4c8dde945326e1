package mechsym.core.codec;

import java.util.Arrays;

/** The serialisation post's object, as a Marshallable with the post's 185-byte layout. */
final class PostObject implements Marshallable {
    static final int TYPE_ID = 1;

    long sourceId;
    boolean special;
    int orderCode;
    int priority;
    double[] prices = new double[0];
    long[] quantities = new long[0];

    static PostObject theItem() {
        PostObject item = new PostObject();
        item.sourceId = 1010L;
        item.special = true;
        item.orderCode = 777;
        item.priority = 99;
        item.prices = new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
        item.quantities = new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        return item;
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
        buffer.writeLong(sourceId);
        buffer.writeBoolean(special);
        buffer.writeInt(orderCode);
        buffer.writeInt(priority);
        buffer.writeInt(prices.length);
        buffer.writeDoubles(prices, 0, prices.length);
        buffer.writeInt(quantities.length);
        buffer.writeLongs(quantities, 0, quantities.length);
    }

    @Override
    public void readFrom(CodecBuffer buffer) {
        sourceId = buffer.readLong();
        special = buffer.readBoolean();
        orderCode = buffer.readInt();
        priority = buffer.readInt();
        prices = readDoubles(buffer, prices);
        quantities = readLongs(buffer, quantities);
    }

    private static double[] readDoubles(CodecBuffer buffer, double[] reuse) {
        int count = buffer.readCount(Double.BYTES);
        double[] values = reuse.length == count ? reuse : new double[count];
        buffer.readDoubles(values, 0, count);
        return values;
    }

    private static long[] readLongs(CodecBuffer buffer, long[] reuse) {
        int count = buffer.readCount(Long.BYTES);
        long[] values = reuse.length == count ? reuse : new long[count];
        buffer.readLongs(values, 0, count);
        return values;
    }

    /** Reads a count and checks it against the bytes left before anything is allocated. */
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
        return Long.hashCode(sourceId);
    }

    @Override
    public String toString() {
        return "PostObject[" + sourceId + ", " + special + ", " + orderCode + ", " + priority + ", "
                + Arrays.toString(prices) + ", " + Arrays.toString(quantities) + "]";
    }
}
