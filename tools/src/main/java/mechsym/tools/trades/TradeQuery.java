package mechsym.tools.trades;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.core.memory.RecordStore;

/**
 * One pass over a trade store: the post's buy and sell cost, notional, quantity and VWAP per
 * instrument, venue or both, and the top N trades by notional, over the trades that pass optional
 * filters on client, venue, instrument and side. Sums are exact (192-bit accumulators: no store's
 * sums can wrap). A query object is not
 * thread-safe; the scan allocates only when it meets a new group.
 */
public final class TradeQuery {
    /** What trades are grouped by. */
    public enum GroupBy {
        INSTRUMENT,
        VENUE,
        INSTRUMENT_AND_VENUE;

        /** The grouping named {@code name}: instrument, venue or instrument-venue (any case). */
        public static GroupBy parse(String name) {
            return switch (name.strip().toLowerCase(Locale.ROOT)) {
                case "instrument" -> INSTRUMENT;
                case "venue" -> VENUE;
                case "instrument-venue", "venue-instrument", "both" -> INSTRUMENT_AND_VENUE;
                default ->
                    throw new IllegalArgumentException(
                            "must be instrument, venue or instrument-venue, was '" + name + "'");
            };
        }
    }

    /** Decimal places of a VWAP in the result. */
    public static final int VWAP_SCALE = 6;

    private boolean filterClient;
    private long client;
    private boolean filterVenue;
    private int venue;
    private boolean filterInstrument;
    private int instrument;
    private char side;
    private final List<GroupBy> groupings = new ArrayList<>();
    private int top;

    /** Keeps only trades of this client. */
    public TradeQuery client(long clientId) {
        this.filterClient = true;
        this.client = clientId;
        return this;
    }

    /** Keeps only trades on this venue (1 to 4 characters, e.g. XLON). */
    public TradeQuery venue(String code) {
        this.filterVenue = true;
        this.venue = Codes.pack(code);
        return this;
    }

    /** Keeps only trades in this instrument (1 to 4 characters, e.g. BHP). */
    public TradeQuery instrument(String code) {
        this.filterInstrument = true;
        this.instrument = Codes.pack(code);
        return this;
    }

    /** Keeps only buys ({@code 'B'}) or sells ({@code 'S'}). */
    public TradeQuery side(char buyOrSell) {
        if (buyOrSell != 'B' && buyOrSell != 'S') {
            throw new IllegalArgumentException("must be B or S, was '" + buyOrSell + "'");
        }
        this.side = buyOrSell;
        return this;
    }

    /** Adds a grouping to the result (each grouping is computed in the same pass). */
    public TradeQuery groupBy(GroupBy grouping) {
        if (!groupings.contains(grouping)) {
            groupings.add(grouping);
        }
        return this;
    }

    /**
     * The most trades {@link #top} lists: a table to read, not an export (each listed trade costs a
     * few hundred bytes of result and report; {@code TradeCsv.export} writes every trade).
     */
    public static final int MAX_TOP = 10_000;

    /** Asks for the {@code n} trades of largest notional, at most {@link #MAX_TOP}. */
    public TradeQuery top(int n) {
        if (n < 0 || n > MAX_TOP) {
            throw new IllegalArgumentException("must be 0 to " + MAX_TOP + ", was " + n);
        }
        this.top = n;
        return this;
    }

    /** The figures for one group. Notional is in ticks times quantity; see {@link Prices}. */
    public record Group(String instrument, String venue, long trades, BigInteger quantity, BigInteger notional) {
        /** The notional in currency units. */
        public BigDecimal notionalDecimal() {
            return Prices.toDecimal(notional);
        }

        /** Volume-weighted average price: notional / quantity, in currency units. */
        public BigDecimal vwap() {
            return quantity.signum() == 0
                    ? BigDecimal.ZERO
                    : Prices.toDecimal(notional).divide(new BigDecimal(quantity), VWAP_SCALE, RoundingMode.HALF_EVEN);
        }
    }

    /** One trade of the top N. */
    public record TopTrade(
            long index,
            long tradeId,
            long clientId,
            String venue,
            String instrument,
            long price,
            long quantity,
            char side,
            BigInteger notional) {}

    /** The answer. Costs and notionals are in ticks times quantity; see {@link Prices}. */
    public record Result(
            long scanned,
            long matched,
            long buys,
            long sells,
            BigInteger buyCost,
            BigInteger sellCost,
            Map<GroupBy, List<Group>> groups,
            List<TopTrade> top) {}

    /** Runs the query over the trade store file {@code path}, opened read-only for the scan. */
    public Result run(Path path) throws IOException {
        try (RecordStore store = TradeFiles.openReadOnly(path)) {
            return run(store);
        }
    }

    /** Runs the query over the published records of {@code store} with a flyweight of its own. */
    public Result run(RecordStore store) {
        Trade trade = store.bind(new Trade());
        GroupAccumulator[] accumulators = new GroupAccumulator[groupings.size()];
        for (int g = 0; g < accumulators.length; g++) {
            accumulators[g] = new GroupAccumulator(groupings.get(g));
        }
        TopTrades best = new TopTrades(top);
        Int192 buyCost = new Int192();
        Int192 sellCost = new Int192();
        long buys = 0;
        long sells = 0;
        long n = store.size();
        for (long i = 0; i < n; i++) {
            trade.moveTo(i);
            if ((filterClient && trade.clientId() != client)
                    || (filterVenue && trade.venueCode() != venue)
                    || (filterInstrument && trade.instrumentCode() != instrument)) {
                continue;
            }
            char tradeSide = trade.side();
            if (side != 0 && tradeSide != side) {
                continue;
            }
            long price = trade.price();
            long quantity = trade.quantity();
            if (tradeSide == 'B') {
                buyCost.addProduct(price, quantity);
                buys++;
            } else {
                sellCost.addProduct(price, quantity);
                sells++;
            }
            for (GroupAccumulator accumulator : accumulators) {
                accumulator.add(trade, price, quantity);
            }
            best.offer(i, price, quantity);
        }
        Map<GroupBy, List<Group>> groups = new EnumMap<>(GroupBy.class);
        for (GroupAccumulator accumulator : accumulators) {
            groups.put(accumulator.grouping, accumulator.groups());
        }
        List<TopTrade> topTrades = new ArrayList<>();
        for (long index : best.drainBestFirst()) {
            trade.moveTo(index);
            topTrades.add(new TopTrade(
                    index,
                    trade.tradeId(),
                    trade.clientId(),
                    Codes.unpack(trade.venueCode()),
                    Codes.unpack(trade.instrumentCode()),
                    trade.price(),
                    trade.quantity(),
                    trade.side(),
                    BigInteger.valueOf(trade.price()).multiply(BigInteger.valueOf(trade.quantity()))));
        }
        return new Result(
                n,
                buys + sells,
                buys,
                sells,
                buyCost.toBigInteger(),
                sellCost.toBigInteger(),
                groups,
                List.copyOf(topTrades));
    }

    private static final class GroupAccumulator {
        final GroupBy grouping;
        final LongSlots slots = new LongSlots();
        long[] trades = new long[16];
        Int192[] quantity = new Int192[16];
        Int192[] notional = new Int192[16];

        GroupAccumulator(GroupBy grouping) {
            this.grouping = grouping;
        }

        void add(Trade trade, long price, long tradeQuantity) {
            long key = switch (grouping) {
                case INSTRUMENT -> trade.instrumentCode() & 0xffffffffL;
                case VENUE -> (long) trade.venueCode() << 32;
                case INSTRUMENT_AND_VENUE -> ((long) trade.venueCode() << 32) | (trade.instrumentCode() & 0xffffffffL);
            };
            int slot = slots.slotOf(key);
            if (slot == trades.length) {
                trades = java.util.Arrays.copyOf(trades, slot * 2);
                quantity = java.util.Arrays.copyOf(quantity, slot * 2);
                notional = java.util.Arrays.copyOf(notional, slot * 2);
            }
            if (notional[slot] == null) {
                notional[slot] = new Int192();
                quantity[slot] = new Int192();
            }
            trades[slot]++;
            quantity[slot].add(tradeQuantity);
            notional[slot].addProduct(price, tradeQuantity);
        }

        List<Group> groups() {
            long[] keys = slots.keysInSlotOrder();
            List<Group> result = new ArrayList<>(keys.length);
            for (int slot = 0; slot < keys.length; slot++) {
                int venueCode = (int) (keys[slot] >>> 32);
                int instrumentCode = (int) keys[slot];
                result.add(new Group(
                        grouping == GroupBy.VENUE ? "" : Codes.unpack(instrumentCode),
                        grouping == GroupBy.INSTRUMENT ? "" : Codes.unpack(venueCode),
                        trades[slot],
                        quantity[slot].toBigInteger(),
                        notional[slot].toBigInteger()));
            }
            result.sort(Comparator.comparing(Group::notional)
                    .reversed()
                    .thenComparing(Group::instrument)
                    .thenComparing(Group::venue));
            return List.copyOf(result);
        }
    }
}
