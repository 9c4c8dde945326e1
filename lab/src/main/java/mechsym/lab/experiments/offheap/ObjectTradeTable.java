package mechsym.lab.experiments.offheap;

/** The post's TestJavaMemoryLayout: an array of references to Java objects. */
final class ObjectTradeTable implements TradeTable {
    private JavaMemoryTrade[] trades;

    @Override
    public void init(int records) {
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

    @Override
    public void scan(int records, long[] buyAndSellCost) {
        long buyCost = 0;
        long sellCost = 0;
        for (int i = 0; i < records; i++) {
            final JavaMemoryTrade trade = trades[i];
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
        return 0;
    }

    @Override
    public void destroy() {
        trades = null;
    }

    /** The post's trade object. */
    @SuppressWarnings("unused")
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

        void setTradeId(long tradeId) {
            this.tradeId = tradeId;
        }

        long getClientId() {
            return clientId;
        }

        void setClientId(long clientId) {
            this.clientId = clientId;
        }

        int getVenueCode() {
            return venueCode;
        }

        void setVenueCode(int venueCode) {
            this.venueCode = venueCode;
        }

        int getInstrumentCode() {
            return instrumentCode;
        }

        void setInstrumentCode(int instrumentCode) {
            this.instrumentCode = instrumentCode;
        }

        long getPrice() {
            return price;
        }

        void setPrice(long price) {
            this.price = price;
        }

        long getQuantity() {
            return quantity;
        }

        void setQuantity(long quantity) {
            this.quantity = quantity;
        }

        char getSide() {
            return side;
        }

        void setSide(char side) {
            this.side = side;
        }
    }
}
