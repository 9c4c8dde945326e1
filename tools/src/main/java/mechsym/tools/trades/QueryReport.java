package mechsym.tools.trades;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A {@link TradeQuery.Result} as a text table or as JSON-ready maps. Stateless and thread-safe. */
public final class QueryReport {
    private QueryReport() {}

    /** Maps and lists for a JSON writer; amounts are decimals in currency units (4 places). */
    public static Map<String, Object> json(TradeQuery.Result result, double seconds) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("scanned", result.scanned());
        root.put("matched", result.matched());
        root.put("seconds", seconds);
        Map<String, Object> cost = new LinkedHashMap<>();
        cost.put("buys", result.buys());
        cost.put("sells", result.sells());
        cost.put("buyCost", Prices.toDecimal(result.buyCost()));
        cost.put("sellCost", Prices.toDecimal(result.sellCost()));
        cost.put("buyCostRaw", result.buyCost());
        cost.put("sellCostRaw", result.sellCost());
        root.put("cost", cost);
        Map<String, Object> groups = new LinkedHashMap<>();
        result.groups().forEach((grouping, list) -> {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (TradeQuery.Group group : list) {
                Map<String, Object> row = new LinkedHashMap<>();
                if (grouping != TradeQuery.GroupBy.VENUE) {
                    row.put("instrument", group.instrument());
                }
                if (grouping != TradeQuery.GroupBy.INSTRUMENT) {
                    row.put("venue", group.venue());
                }
                row.put("trades", group.trades());
                row.put("quantity", group.quantity());
                row.put("notional", group.notionalDecimal());
                row.put("vwap", group.vwap());
                rows.add(row);
            }
            groups.put(name(grouping), rows);
        });
        root.put("groups", groups);
        List<Map<String, Object>> top = new ArrayList<>();
        for (TradeQuery.TopTrade trade : result.top()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("index", trade.index());
            row.put("tradeId", trade.tradeId());
            row.put("clientId", trade.clientId());
            row.put("venue", trade.venue());
            row.put("instrument", trade.instrument());
            row.put("price", Prices.toDecimal(trade.price()));
            row.put("quantity", trade.quantity());
            row.put("side", Codes.sideText(trade.side()));
            row.put("notional", Prices.toDecimal(trade.notional()));
            top.add(row);
        }
        root.put("top", top);
        return root;
    }

    /** The result as aligned text tables. */
    public static void table(TradeQuery.Result result, double seconds, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%,d trades scanned, %,d matched, in %.3f s%n%n",
                result.scanned(),
                result.matched(),
                seconds);
        List<String[]> cost = new ArrayList<>();
        cost.add(new String[] {"side", "trades", "cost", "cost (price ticks x quantity, as the post)"});
        cost.add(new String[] {
            "B",
            count(result.buys()),
            amount(result.buyCost()),
            result.buyCost().toString()
        });
        cost.add(new String[] {
            "S",
            count(result.sells()),
            amount(result.sellCost()),
            result.sellCost().toString()
        });
        print(out, cost);
        result.groups().forEach((grouping, list) -> {
            out.println();
            out.println("by " + name(grouping) + ":");
            boolean instrument = grouping != TradeQuery.GroupBy.VENUE;
            boolean venue = grouping != TradeQuery.GroupBy.INSTRUMENT;
            List<String[]> rows = new ArrayList<>();
            rows.add(groupRow(instrument, venue, "instrument", "venue", "trades", "quantity", "notional", "vwap"));
            for (TradeQuery.Group group : list) {
                rows.add(groupRow(
                        instrument,
                        venue,
                        group.instrument(),
                        group.venue(),
                        count(group.trades()),
                        count(group.quantity()),
                        amount(group.notional()),
                        group.vwap().toPlainString()));
            }
            print(out, rows);
        });
        if (!result.top().isEmpty()) {
            out.println();
            out.println("top " + result.top().size() + " by notional:");
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {
                "index", "trade", "client", "venue", "instrument", "side", "price", "quantity", "notional"
            });
            for (TradeQuery.TopTrade trade : result.top()) {
                rows.add(new String[] {
                    Long.toString(trade.index()),
                    Long.toString(trade.tradeId()),
                    Long.toString(trade.clientId()),
                    trade.venue(),
                    trade.instrument(),
                    Codes.sideText(trade.side()),
                    Prices.toDecimal(trade.price()).toPlainString(),
                    count(trade.quantity()),
                    amount(trade.notional())
                });
            }
            print(out, rows);
        }
        out.flush();
    }

    private static String[] groupRow(
            boolean withInstrument, boolean withVenue, String instrument, String venue, String... figures) {
        List<String> row = new ArrayList<>();
        if (withInstrument) {
            row.add(instrument);
        }
        if (withVenue) {
            row.add(venue);
        }
        row.addAll(List.of(figures));
        return row.toArray(String[]::new);
    }

    private static String name(TradeQuery.GroupBy grouping) {
        return switch (grouping) {
            case INSTRUMENT -> "instrument";
            case VENUE -> "venue";
            case INSTRUMENT_AND_VENUE -> "instrument-venue";
        };
    }

    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String count(BigInteger value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String amount(BigInteger ticksTimesQuantity) {
        return String.format(Locale.ROOT, "%,.4f", Prices.toDecimal(ticksTimesQuantity));
    }

    /** Prints rows with columns padded; text columns left-aligned, numbers right-aligned. */
    private static void print(PrintWriter out, List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                boolean numeric = !row[c].isEmpty() && (Character.isDigit(row[c].charAt(0)) || row[c].charAt(0) == '-');
                String cell = numeric
                        ? " ".repeat(width[c] - row[c].length()) + row[c]
                        : row[c] + " ".repeat(width[c] - row[c].length());
                line.append(c == 0 ? "" : "  ").append(cell);
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
