package mechsym.tools.trades;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;
import mechsym.core.memory.RecordStore;

/**
 * Trade data: the post's (one client, XLON, BHP, price = quantity = index, sides alternating) or
 * a seeded, realistic mix of instruments, venues, clients, prices and sides. The same seed gives
 * the same trades. Not thread-safe; generation allocates nothing per trade.
 */
public final class TradeGenerator {
    private static final String[] TICKERS = {
        "BHP", "VOD", "HSBA", "BP", "SHEL", "AZN", "ULVR", "AAPL", "MSFT", "IBM", "JPM", "SAP", "SIE", "ASML", "MC",
        "TTE"
    };
    private static final double[] BASE_PRICES = {
        24.50, 0.71, 6.45, 4.80, 27.30, 105.40, 43.10, 189.95, 415.10, 168.30, 195.60, 178.20, 172.40, 890.00, 745.30,
        60.12
    };
    private static final String[][] VENUES = {
        {"XLON", "XASX"},
        {"XLON", "BATE", "CHIX"},
        {"XLON", "BATE", "CHIX"},
        {"XLON", "BATE"},
        {"XLON", "XAMS"},
        {"XLON", "CHIX"},
        {"XLON"},
        {"XNAS", "BATS", "EDGX"},
        {"XNAS", "EDGX"},
        {"XNYS"},
        {"XNYS", "ARCX"},
        {"XETR"},
        {"XETR", "CHIX"},
        {"XAMS"},
        {"XPAR"},
        {"XPAR", "CHIX"}
    };
    /** Clients are numbered 1 to this; a few large clients trade most. */
    public static final int CLIENTS = 1000;

    private TradeGenerator() {}

    /** Writes a new store of the post's {@code count} trades; returns the number written. */
    public static long writePost(Path path, long count, TradeFiles.NewStore spec, LongConsumer progress)
            throws IOException {
        return TradeFiles.writeNew(
                path, requireRoom(count, spec), (store, trade) -> post(store, trade, count, progress));
    }

    /** Writes a new store of {@code count} trades of the mix drawn from {@code seed}; returns the number written. */
    public static long writeRandom(Path path, long count, long seed, TradeFiles.NewStore spec, LongConsumer progress)
            throws IOException {
        return TradeFiles.writeNew(
                path, requireRoom(count, spec), (store, trade) -> random(store, trade, count, seed, progress));
    }

    private static TradeFiles.NewStore requireRoom(long count, TradeFiles.NewStore spec) {
        if (count < 0) {
            throw new IllegalArgumentException("the count of trades must be >= 0: " + count);
        }
        if (spec.capacity() < count) {
            throw new IllegalArgumentException(
                    "a capacity of " + spec.capacity() + " is less than the " + count + " trades to write");
        }
        return spec;
    }

    /** Appends the post's {@code count} trades. */
    public static void post(RecordStore store, Trade trade, long count, LongConsumer progress) {
        int venue = Codes.pack("XLON");
        int instrument = Codes.pack("BHP");
        long step = progressStep(count);
        for (long i = 0; i < count; i++) {
            store.append(trade);
            trade.set(i, 1, venue, instrument, i, i, (i & 1) == 0 ? 'B' : 'S');
            if ((i + 1) % step == 0) {
                store.publish();
                progress.accept(i + 1);
            }
        }
        store.publish();
    }

    /** Appends {@code count} trades of a realistic mix drawn from {@code seed}. */
    public static void random(RecordStore store, Trade trade, long count, long seed, LongConsumer progress) {
        SplittableRandom random = new SplittableRandom(seed);
        int[][] venueCodes = new int[VENUES.length][];
        for (int k = 0; k < VENUES.length; k++) {
            venueCodes[k] = new int[VENUES[k].length];
            for (int v = 0; v < VENUES[k].length; v++) {
                venueCodes[k][v] = Codes.pack(VENUES[k][v]);
            }
        }
        int[] instrumentCodes = new int[TICKERS.length];
        double[] prices = BASE_PRICES.clone();
        for (int k = 0; k < TICKERS.length; k++) {
            instrumentCodes[k] = Codes.pack(TICKERS[k]);
        }
        long step = progressStep(count);
        for (long i = 0; i < count; i++) {
            // popular instruments trade more: a skewed pick
            int k = (int) (TICKERS.length * Math.pow(random.nextDouble(), 1.6));
            prices[k] *= Math.exp(random.nextGaussian() * 0.0008);
            prices[k] = Math.clamp(prices[k], BASE_PRICES[k] * 0.25, BASE_PRICES[k] * 4);
            long tickSize = prices[k] < 10 ? 1 : 100; // 0.0001 under 10, else 0.01
            long price = Math.max(tickSize, Math.round(prices[k] * Prices.TICKS_PER_UNIT / tickSize) * tickSize);
            long quantity = random.nextInt(10) == 0
                    ? 1 + random.nextInt(99) // odd lot
                    : 100L * (1 + (long) (-Math.log(1 - random.nextDouble()) * 8));
            long client = 1 + (long) (CLIENTS * Math.pow(random.nextDouble(), 3));
            int[] venues = venueCodes[k];
            int venue = venues[random.nextInt(venues.length)];
            char side = random.nextInt(100) < 52 ? 'B' : 'S';
            store.append(trade);
            trade.set(i + 1, client, venue, instrumentCodes[k], price, quantity, side);
            if ((i + 1) % step == 0) {
                store.publish();
                progress.accept(i + 1);
            }
        }
        store.publish();
    }

    /** Progress every tenth of the work, at most every 5 million records, at least every 100,000. */
    static long progressStep(long count) {
        return Math.clamp(count / 10, 100_000, 5_000_000);
    }
}
