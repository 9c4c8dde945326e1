package mechsym.tools.trades;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Query results against a straightforward on-heap computation of the same trades. */
class TradeQueryTest {
    /** A trade as a plain Java object: the on-heap reference. */
    record HeapTrade(
            long tradeId, long clientId, String venue, String instrument, long price, long quantity, char side) {
        BigInteger notional() {
            return BigInteger.valueOf(price).multiply(BigInteger.valueOf(quantity));
        }
    }

    private static final String[] VENUES = {"XLON", "XNAS", "BATE", "X"};
    private static final String[] INSTRUMENTS = {"BHP", "VOD", "AAPL", "IBM", "Z"};

    @TempDir
    Path dir;

    /** Seeded trades with small value ranges, so groups and notional ties happen. */
    static List<HeapTrade> heapTrades(long seed, int count) {
        Random random = new Random(seed);
        List<HeapTrade> trades = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long price = random.nextInt(20) == 0 ? Long.MAX_VALUE / 8 - random.nextInt(5) : 1 + random.nextInt(500_000);
            trades.add(new HeapTrade(
                    i * 3L,
                    1 + random.nextInt(6),
                    VENUES[random.nextInt(VENUES.length)],
                    INSTRUMENTS[random.nextInt(INSTRUMENTS.length)],
                    price,
                    1 + random.nextInt(40),
                    random.nextBoolean() ? 'B' : 'S'));
        }
        return trades;
    }

    private Path store(List<HeapTrade> trades, StorageForm form) throws IOException {
        Path csv = dir.resolve("trades-" + form + ".csv");
        StringBuilder text = new StringBuilder(TradeCsv.HEADER).append('\n');
        for (HeapTrade t : trades) {
            text.append(t.tradeId())
                    .append(',')
                    .append(t.clientId())
                    .append(',')
                    .append(t.venue())
                    .append(',')
                    .append(t.instrument())
                    .append(',')
                    .append(Prices.toDecimal(t.price()).toPlainString())
                    .append(',')
                    .append(t.quantity())
                    .append(',')
                    .append(t.side())
                    .append('\n');
        }
        Files.writeString(csv, text);
        Path path = dir.resolve("trades-" + form + ".rec");
        TradeFiles.writeNew(
                path, trades.size(), form, false, (s, trade) -> TradeCsv.importInto(csv, s, trade, d -> {}));
        return path;
    }

    private record Case(String name, Function<TradeQuery, TradeQuery> filter, Predicate<HeapTrade> keep) {}

    private static final List<Case> CASES = List.of(
            new Case("all", q -> q, t -> true),
            new Case("client 3", q -> q.client(3), t -> t.clientId() == 3),
            new Case("venue XLON", q -> q.venue("XLON"), t -> t.venue().equals("XLON")),
            new Case(
                    "instrument VOD sells",
                    q -> q.instrument("VOD").side('S'),
                    t -> t.instrument().equals("VOD") && t.side() == 'S'),
            new Case(
                    "client 2 on X in Z buys",
                    q -> q.client(2).venue("X").instrument("Z").side('B'),
                    t -> t.clientId() == 2
                            && t.venue().equals("X")
                            && t.instrument().equals("Z")
                            && t.side() == 'B'),
            new Case("nobody", q -> q.client(999), t -> false));

    @ParameterizedTest
    @EnumSource(StorageForm.class)
    void everyFigureMatchesTheOnHeapComputation(StorageForm form) throws IOException {
        List<HeapTrade> trades = heapTrades(2026 + form.ordinal(), 20_000);
        Path path = store(trades, form);
        try (RecordStore store = TradeFiles.openReadOnly(path)) {
            for (Case c : CASES) {
                TradeQuery.Result result = c.filter()
                        .apply(new TradeQuery())
                        .groupBy(TradeQuery.GroupBy.INSTRUMENT)
                        .groupBy(TradeQuery.GroupBy.VENUE)
                        .groupBy(TradeQuery.GroupBy.INSTRUMENT_AND_VENUE)
                        .top(25)
                        .run(store);
                List<HeapTrade> kept = trades.stream().filter(c.keep()).toList();
                String as = c.name() + " " + form;
                assertThat(result.scanned()).as(as).isEqualTo(trades.size());
                assertThat(result.matched()).as(as).isEqualTo(kept.size());
                assertThat(result.buys())
                        .as(as)
                        .isEqualTo(kept.stream().filter(t -> t.side() == 'B').count());
                assertThat(result.buyCost()).as(as).isEqualTo(sum(kept, t -> t.side() == 'B'));
                assertThat(result.sellCost()).as(as).isEqualTo(sum(kept, t -> t.side() == 'S'));
                assertThat(rows(result.groups().get(TradeQuery.GroupBy.INSTRUMENT)))
                        .as(as)
                        .isEqualTo(expectedGroups(kept, t -> t.instrument() + "|"));
                assertThat(rows(result.groups().get(TradeQuery.GroupBy.VENUE)))
                        .as(as)
                        .isEqualTo(expectedGroups(kept, t -> "|" + t.venue()));
                assertThat(rows(result.groups().get(TradeQuery.GroupBy.INSTRUMENT_AND_VENUE)))
                        .as(as)
                        .isEqualTo(expectedGroups(kept, t -> t.instrument() + "|" + t.venue()));
                List<Long> expectedTop = kept.stream()
                        .sorted(Comparator.comparing(HeapTrade::notional)
                                .reversed()
                                .thenComparing(HeapTrade::tradeId))
                        .limit(25)
                        .map(HeapTrade::tradeId)
                        .toList();
                assertThat(result.top().stream()
                                .map(TradeQuery.TopTrade::tradeId)
                                .toList())
                        .as(as)
                        .isEqualTo(expectedTop);
                for (TradeQuery.TopTrade top : result.top()) {
                    HeapTrade t = trades.get((int) top.index());
                    assertThat(top.notional()).isEqualTo(t.notional());
                    assertThat(top.venue()).isEqualTo(t.venue());
                    assertThat(top.instrument()).isEqualTo(t.instrument());
                }
            }
        }
    }

    private static BigInteger sum(List<HeapTrade> trades, Predicate<HeapTrade> keep) {
        return trades.stream().filter(keep).map(HeapTrade::notional).reduce(BigInteger.ZERO, BigInteger::add);
    }

    /** key "instrument|venue" to "trades quantity notional vwap". */
    private static Map<String, String> expectedGroups(List<HeapTrade> trades, Function<HeapTrade, String> key) {
        Map<String, List<HeapTrade>> groups = trades.stream().collect(Collectors.groupingBy(key));
        Map<String, String> rows = new TreeMap<>();
        groups.forEach((k, list) -> {
            long quantity = list.stream().mapToLong(HeapTrade::quantity).sum();
            BigInteger notional = sum(list, t -> true);
            BigDecimal vwap = new BigDecimal(notional)
                    .divide(
                            BigDecimal.valueOf(quantity).multiply(BigDecimal.valueOf(10_000)),
                            6,
                            RoundingMode.HALF_EVEN);
            rows.put(
                    k,
                    list.size() + " " + quantity + " " + new BigDecimal(notional, 4).toPlainString() + " "
                            + vwap.toPlainString());
        });
        return rows;
    }

    private static Map<String, String> rows(List<TradeQuery.Group> groups) {
        Map<String, String> rows = new TreeMap<>();
        for (TradeQuery.Group g : groups) {
            rows.put(
                    g.instrument() + "|" + g.venue(),
                    g.trades() + " " + g.quantity() + " " + g.notionalDecimal().toPlainString() + " "
                            + g.vwap().toPlainString());
        }
        return rows;
    }

    @Test
    void groupsComeLargestNotionalFirst() throws IOException {
        Path path = store(heapTrades(5, 2_000), StorageForm.ARRAY_OF_STRUCTURES);
        try (RecordStore store = TradeFiles.openReadOnly(path)) {
            List<TradeQuery.Group> groups = new TradeQuery()
                    .groupBy(TradeQuery.GroupBy.VENUE)
                    .run(store)
                    .groups()
                    .get(TradeQuery.GroupBy.VENUE);
            assertThat(groups).hasSize(VENUES.length);
            assertThat(groups)
                    .isSortedAccordingTo(
                            Comparator.comparing(TradeQuery.Group::notional).reversed());
        }
    }

    @Test
    void thePostsDataGivesThePostsCost() throws IOException {
        long n = 100_001;
        try (RecordStore store = RecordStore.builder(Trade.LAYOUT).capacity(n).allocate()) {
            TradeGenerator.post(store, store.bind(new Trade()), n, done -> {});
            TradeQuery.Result result = new TradeQuery().top(2).run(store);
            BigInteger buy = BigInteger.ZERO;
            BigInteger sell = BigInteger.ZERO;
            for (long i = 0; i < n; i++) {
                BigInteger cost = BigInteger.valueOf(i).multiply(BigInteger.valueOf(i));
                if ((i & 1) == 0) {
                    buy = buy.add(cost);
                } else {
                    sell = sell.add(cost);
                }
            }
            assertThat(result.buyCost()).isEqualTo(buy);
            assertThat(result.sellCost()).isEqualTo(sell);
            assertThat(result.top().stream().map(TradeQuery.TopTrade::tradeId)).containsExactly(n - 1, n - 2);
            assertThat(result.top().get(0).venue()).isEqualTo("XLON");
            assertThat(result.top().get(0).instrument()).isEqualTo("BHP");
        }
    }

    @Test
    void theRandomMixIsSeededAndPlausible() throws IOException {
        TradeQuery.Result[] results = new TradeQuery.Result[3];
        long[] seeds = {1, 1, 2};
        for (int r = 0; r < 3; r++) {
            try (RecordStore store =
                    RecordStore.builder(Trade.LAYOUT).capacity(50_000).allocate()) {
                TradeGenerator.random(store, store.bind(new Trade()), 50_000, seeds[r], done -> {});
                results[r] = new TradeQuery()
                        .groupBy(TradeQuery.GroupBy.INSTRUMENT_AND_VENUE)
                        .top(5)
                        .run(store);
                Trade trade = store.bind(new Trade());
                for (long i = 0; i < store.size(); i++) {
                    trade.moveTo(i);
                    assertThat(trade.price()).isPositive();
                    assertThat(trade.quantity()).isPositive();
                    assertThat(trade.side()).isIn('B', 'S');
                    assertThat(trade.clientId()).isBetween(1L, (long) TradeGenerator.CLIENTS);
                }
            }
        }
        assertThat(results[0]).isEqualTo(results[1]);
        assertThat(results[0].buyCost()).isNotEqualTo(results[2].buyCost());
        assertThat(results[0].groups().get(TradeQuery.GroupBy.INSTRUMENT_AND_VENUE))
                .hasSizeGreaterThan(20);
        assertThat(results[0].buys()).isBetween(24_000L, 28_000L);
    }
}
