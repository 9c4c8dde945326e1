package mechsym.lab.experiments.offheap;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * The post's TestDirectMemoryLayout: 42-byte packed records in memory from
 * {@code Unsafe.allocateMemory}, reached through one flyweight. Kept as the seed's original, the
 * reference the FFM versions are measured against; mechsym's core never uses Unsafe.
 */
@SuppressWarnings({"removal", "deprecation"})
final class UnsafeTradeTable implements TradeTable {
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

    private long address;
    private long bytes;
    private final DirectMemoryTrade flyweight = new DirectMemoryTrade();

    private DirectMemoryTrade get(int index) {
        final long offset = address + (index * DirectMemoryTrade.getObjectSize());
        flyweight.setObjectOffset(offset);
        return flyweight;
    }

    @Override
    public void init(int records) {
        bytes = records * DirectMemoryTrade.getObjectSize();
        address = UNSAFE.allocateMemory(bytes);
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

    @Override
    public void scan(int records, long[] buyAndSellCost) {
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
        buyAndSellCost[0] = buyCost;
        buyAndSellCost[1] = sellCost;
    }

    @Override
    public long offHeapBytes() {
        return bytes;
    }

    @Override
    public void destroy() {
        UNSAFE.freeMemory(address);
        address = 0;
    }

    /** The post's flyweight, offsets as the post computes them: 42 bytes a record. */
    @SuppressWarnings("unused")
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

        void setObjectOffset(long objectOffset) {
            this.objectOffset = objectOffset;
        }

        long getTradeId() {
            return UNSAFE.getLong(objectOffset + tradeIdOffset);
        }

        void setTradeId(long tradeId) {
            UNSAFE.putLong(objectOffset + tradeIdOffset, tradeId);
        }

        long getClientId() {
            return UNSAFE.getLong(objectOffset + clientIdOffset);
        }

        void setClientId(long clientId) {
            UNSAFE.putLong(objectOffset + clientIdOffset, clientId);
        }

        int getVenueCode() {
            return UNSAFE.getInt(objectOffset + venueCodeOffset);
        }

        void setVenueCode(int venueCode) {
            UNSAFE.putInt(objectOffset + venueCodeOffset, venueCode);
        }

        int getInstrumentCode() {
            return UNSAFE.getInt(objectOffset + instrumentCodeOffset);
        }

        void setInstrumentCode(int instrumentCode) {
            UNSAFE.putInt(objectOffset + instrumentCodeOffset, instrumentCode);
        }

        long getPrice() {
            return UNSAFE.getLong(objectOffset + priceOffset);
        }

        void setPrice(long price) {
            UNSAFE.putLong(objectOffset + priceOffset, price);
        }

        long getQuantity() {
            return UNSAFE.getLong(objectOffset + quantityOffset);
        }

        void setQuantity(long quantity) {
            UNSAFE.putLong(objectOffset + quantityOffset, quantity);
        }

        char getSide() {
            return UNSAFE.getChar(objectOffset + sideOffset);
        }

        void setSide(char side) {
            UNSAFE.putChar(objectOffset + sideOffset, side);
        }
    }
}
