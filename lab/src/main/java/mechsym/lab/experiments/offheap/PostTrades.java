package mechsym.lab.experiments.offheap;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The post's two trade tables, kept as close to its code as a parameterised size allows: an array
 * of {@code JavaMemoryTrade} objects, and an off-heap array of structures reached through the
 * {@code DirectMemoryTrade} flyweight over {@code sun.misc.Unsafe} (allowed in the lab only, as
 * the reference the core flyweight is measured against).
 */
final class PostTrades {
    static final Unsafe UNSAFE;

    static {
        try {
            Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            UNSAFE = (Unsafe) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PostTrades() {}

    /** The post's pack of up to four ASCII bytes into an int. */
    static int pack(final byte[] value) {
        int result = 0;
        switch (value.length) {
            case 4:
                result = (value[3]);
            // fall through
            case 3:
                result |= ((int) value[2] << 8);
            // fall through
            case 2:
                result |= ((int) value[1] << 16);
            // fall through
            case 1:
                result |= ((int) value[0] << 24);
                break;
            default:
                throw new IllegalArgumentException("Invalid array size");
        }
        return result;
    }

    static final int VENUE_CODE = pack(new byte[] {'X', 'L', 'O', 'N'});
    static final int INSTRUMENT_CODE = pack(new byte[] {'B', 'H', 'P'});

    /** TestJavaMemoryLayout: an array of objects. */
    static final class Objects {
        private JavaMemoryTrade[] trades;

        void init(int records) {
            trades = new JavaMemoryTrade[records];
            for (int i = 0; i < records; i++) {
                JavaMemoryTrade trade = new JavaMemoryTrade();
                trades[i] = trade;
                trade.setTradeId(i);
                trade.setClientId(1);
                trade.setVenueCode(VENUE_CODE);
                trade.setInstrumentCode(INSTRUMENT_CODE);
                trade.setPrice(i);
                trade.setQuantity(i);
                trade.setSide((i & 1) == 0 ? 'B' : 'S');
            }
        }

        /** Returns buyCost and sellCost in {@code costs}. */
        void scan(long[] costs) {
            long buyCost = 0;
            long sellCost = 0;
            for (int i = 0; i < trades.length; i++) {
                final JavaMemoryTrade trade = trades[i];
                if (trade.getSide() == 'B') {
                    buyCost += (trade.getPrice() * trade.getQuantity());
                } else {
                    sellCost += (trade.getPrice() * trade.getQuantity());
                }
            }
            costs[0] = buyCost;
            costs[1] = sellCost;
        }

        void destroy() {
            // the post keeps the table until the next init replaces it
        }
    }

    /** The post's on-heap trade. */
    static final class JavaMemoryTrade {
        private long tradeId;
        private long clientId;
        private int venueCode;
        private int instrumentCode;
        private long price;
        private long quantity;
        private char side;

        long getTradeId() {
            return tradeId;
        }

        void setTradeId(final long tradeId) {
            this.tradeId = tradeId;
        }

        long getClientId() {
            return clientId;
        }

        void setClientId(final long clientId) {
            this.clientId = clientId;
        }

        int getVenueCode() {
            return venueCode;
        }

        void setVenueCode(final int venueCode) {
            this.venueCode = venueCode;
        }

        int getInstrumentCode() {
            return instrumentCode;
        }

        void setInstrumentCode(final int instrumentCode) {
            this.instrumentCode = instrumentCode;
        }

        long getPrice() {
            return price;
        }

        void setPrice(final long price) {
            this.price = price;
        }

        long getQuantity() {
            return quantity;
        }

        void setQuantity(final long quantity) {
            this.quantity = quantity;
        }

        char getSide() {
            return side;
        }

        void setSide(final char side) {
            this.side = side;
        }
    }

    /**
     * TestDirectMemoryLayout: the flyweight over Unsafe. The address comes from the caller, so the
     * same code runs over {@code Unsafe.allocateMemory} (the post) or huge-page memory.
     */
    static final class Direct {
        private final DirectMemoryTrade flyweight = new DirectMemoryTrade();
        private long address;
        private int records;

        void init(long address, int records) {
            this.address = address;
            this.records = records;
            for (int i = 0; i < records; i++) {
                DirectMemoryTrade trade = get(i);
                trade.setTradeId(i);
                trade.setClientId(1);
                trade.setVenueCode(VENUE_CODE);
                trade.setInstrumentCode(INSTRUMENT_CODE);
                trade.setPrice(i);
                trade.setQuantity(i);
                trade.setSide((i & 1) == 0 ? 'B' : 'S');
            }
        }

        void scan(long[] costs) {
            long buyCost = 0;
            long sellCost = 0;
            for (int i = 0; i < records; i++) {
                final DirectMemoryTrade trade = get(i);
                if (trade.getSide() == 'B') {
                    buyCost += (trade.getPrice() * trade.getQuantity());
                } else {
                    sellCost += (trade.getPrice() * trade.getQuantity());
                }
            }
            costs[0] = buyCost;
            costs[1] = sellCost;
        }

        private DirectMemoryTrade get(final int index) {
            final long offset = address + (index * DirectMemoryTrade.getObjectSize());
            flyweight.setObjectOffset(offset);
            return flyweight;
        }
    }

    /** The post's off-heap flyweight, field offsets as static finals. */
    static final class DirectMemoryTrade {
        private static long offset = 0;

        private static final long tradeIdOffset = offset += 0;
        private static final long clientIdOffset = offset += 8;
        private static final long venueCodeOffset = offset += 8;
        private static final long instrumentCodeOffset = offset += 4;
        private static final long priceOffset = offset += 4;
        private static final long quantityOffset = offset += 8;
        private static final long sideOffset = offset += 8;

        private static final long objectSize = offset += 2;

        private long objectOffset;

        static long getObjectSize() {
            return objectSize;
        }

        void setObjectOffset(final long objectOffset) {
            this.objectOffset = objectOffset;
        }

        long getTradeId() {
            return UNSAFE.getLong(objectOffset + tradeIdOffset);
        }

        void setTradeId(final long tradeId) {
            UNSAFE.putLong(objectOffset + tradeIdOffset, tradeId);
        }

        long getClientId() {
            return UNSAFE.getLong(objectOffset + clientIdOffset);
        }

        void setClientId(final long clientId) {
            UNSAFE.putLong(objectOffset + clientIdOffset, clientId);
        }

        int getVenueCode() {
            return UNSAFE.getInt(objectOffset + venueCodeOffset);
        }

        void setVenueCode(final int venueCode) {
            UNSAFE.putInt(objectOffset + venueCodeOffset, venueCode);
        }

        int getInstrumentCode() {
            return UNSAFE.getInt(objectOffset + instrumentCodeOffset);
        }

        void setInstrumentCode(final int instrumentCode) {
            UNSAFE.putInt(objectOffset + instrumentCodeOffset, instrumentCode);
        }

        long getPrice() {
            return UNSAFE.getLong(objectOffset + priceOffset);
        }

        void setPrice(final long price) {
            UNSAFE.putLong(objectOffset + priceOffset, price);
        }

        long getQuantity() {
            return UNSAFE.getLong(objectOffset + quantityOffset);
        }

        void setQuantity(final long quantity) {
            UNSAFE.putLong(objectOffset + quantityOffset, quantity);
        }

        char getSide() {
            return UNSAFE.getChar(objectOffset + sideOffset);
        }

        void setSide(final char side) {
            UNSAFE.putChar(objectOffset + sideOffset, side);
        }
    }
}
