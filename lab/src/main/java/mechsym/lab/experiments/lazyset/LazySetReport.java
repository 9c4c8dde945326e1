package mechsym.lab.experiments.lazyset;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.lazyset.Counters.SetMethod;
import mechsym.lab.experiments.lazyset.Counters.Storage;

/**
 * lazyset's tables, charts and headlines from a run's figures: Ping Pong and Catchup by storage and set
 * method, and the post's comparisons as ratios. The storages the post set aside (padded, off-heap) and
 * core's Sequence are marked as context. Stateless.
 */
final class LazySetReport {
    private LazySetReport() {}

    /** A ratio the post states: {@code ours / theirs} in one experiment. */
    private record Comparison(String experiment, SetMethod ours, SetMethod theirs) {}

    /** The Ping Pong and Catchup tables and charts, then the ratios table. */
    static void tables(
            ExperimentResult.Builder result,
            LazySetFigures figures,
            List<Storage> storages,
            long runMillis,
            int values,
            int runs,
            int rounds) {
        for (String experiment : List.of("ping-pong", "catch-up")) {
            boolean pingPong = experiment.equals("ping-pong");
            Table.Builder t = Table.measured(
                            experiment,
                            pingPong
                                    ? "Ping Pong: ns per round trip, " + runMillis + " ms runs"
                                    : "Catchup: the producer's ns per value published, " + values + " values a run")
                    .column("set")
                    .column("storage")
                    .summaryColumns(pingPong ? "ns/RTT" : "ns/value")
                    .column(
                            pingPong ? "round trips" : "until consumer caught up (median)",
                            pingPong ? "count" : "ns/value")
                    .column("guard")
                    .note((runs - 1) + " runs after one warm-up in each forked JVM (-Xmx512m), one JVM per storage"
                            + " and set method in each of " + rounds + " round(s), set methods in turn; n, min, median"
                            + " and max are over the runs of all rounds. Guard: "
                            + (pingPong
                                    ? "B acknowledged every round trip."
                                    : "the consumer's sum equals the sum of the values written."));
            for (SetMethod set : SetMethod.values()) {
                for (Storage storage : storages) {
                    LazySetFigures.Key key = new LazySetFigures.Key(experiment, storage, set);
                    List<LazySetRun.Run> rs = figures.runs(key);
                    if (rs == null) {
                        continue;
                    }
                    // catch-up: the writer's own cost is the claim; the time until the consumer caught up
                    // (the post's whole run) is shown beside it
                    Summary s = Summary.of(
                            rs.stream().mapToDouble(LazySetFigures::figure).toArray());
                    long failed = rs.stream().filter(r -> !r.checksumOk()).count();
                    Object extra = pingPong
                            ? rs.stream().mapToLong(LazySetRun.Run::ops).sum()
                            : Summary.of(rs.stream()
                                            .mapToDouble(LazySetRun.Run::nsPerOp)
                                            .toArray())
                                    .median();
                    t.row(
                            set.name().toLowerCase(Locale.ROOT),
                            storage.label,
                            s,
                            extra,
                            failed == 0 ? "ok" : "FAILED in " + failed + " of " + rs.size() + " runs");
                }
            }
            result.table(t.build());
            result.chart(Chart.bar(
                    experiment,
                    (pingPong ? "Ping Pong" : "Catchup") + ": median by storage and set method",
                    List.of(experiment),
                    "storage",
                    "median",
                    "set",
                    pingPong ? "ns per round trip (median)" : "ns per value (median)"));
        }
        result.table(ratios(figures, storages));
    }

    /**
     * The post's comparisons, as ratios of this run's medians, to read beside the seed's table; and
     * the same ratio round by round (the two JVMs of a round ran one after the other), whose spread
     * says how far one ratio of medians can be trusted here.
     */
    private static Table ratios(LazySetFigures figures, List<Storage> storages) {
        Table.Builder t = Table.measured("ratios", "the post's comparisons: ratios of medians, per storage")
                .column("experiment")
                .column("comparison")
                .column("storage")
                .column("ratio", "x")
                .summaryColumns("x per round")
                .note("Catch-up compares the producer's ns per value, ping-pong the ns per round trip. ratio: of the"
                        + " medians over all rounds' runs; n, min, median, max: the ratio of the two JVMs' medians"
                        + " within each round (the verdict takes that median). A ratio is left out when either side"
                        + " is missing or failed its guard.");
        // each the way round the verdict reads it: the volatile writer's extra cost, the lazy reader's latency
        List<Comparison> comparisons = List.of(
                new Comparison("catch-up", SetMethod.VOLATILE, SetMethod.LAZY),
                new Comparison("ping-pong", SetMethod.LAZY, SetMethod.VOLATILE),
                new Comparison("catch-up", SetMethod.DIRECT, SetMethod.LAZY));
        for (Comparison c : comparisons) {
            for (Storage storage : storages) {
                Summary a = figures.pooled(new LazySetFigures.Key(c.experiment(), storage, c.ours()));
                Summary b = figures.pooled(new LazySetFigures.Key(c.experiment(), storage, c.theirs()));
                if (a != null && b != null) {
                    String comparison = c.ours().name().toLowerCase(Locale.ROOT) + " / "
                            + c.theirs().name().toLowerCase(Locale.ROOT);
                    List<Double> perRound = figures.perRound(
                            new LazySetFigures.Key(c.experiment(), storage, c.ours()),
                            new LazySetFigures.Key(c.experiment(), storage, c.theirs()));
                    String label = storage.label + (storage.postsOwn() ? "" : " (context)");
                    if (perRound.isEmpty()) { // no round ran both JVMs to the end
                        t.row(c.experiment(), comparison, label, a.median() / b.median(), null, null, null, null);
                    } else {
                        t.row(c.experiment(), comparison, label, a.median() / b.median(), Summary.of(perRound));
                    }
                }
            }
        }
        return t.build();
    }

    /** One headline per storage measured whole: its catch-up cost and ping-pong latency. */
    static void headlines(ExperimentResult.Builder result, LazySetFigures figures, List<Storage> storages) {
        for (Storage storage : storages) {
            List<Double> cost = figures.cost(storage);
            List<Double> latency = figures.latency(storage);
            Summary catchVolatile = figures.pooled(new LazySetFigures.Key("catch-up", storage, SetMethod.VOLATILE));
            Summary catchLazy = figures.pooled(new LazySetFigures.Key("catch-up", storage, SetMethod.LAZY));
            Summary pingVolatile = figures.pooled(new LazySetFigures.Key("ping-pong", storage, SetMethod.VOLATILE));
            Summary pingLazy = figures.pooled(new LazySetFigures.Key("ping-pong", storage, SetMethod.LAZY));
            if (catchVolatile == null
                    || catchLazy == null
                    || pingVolatile == null
                    || pingLazy == null
                    || cost.isEmpty()
                    || latency.isEmpty()) {
                continue;
            }
            Summary costRounds = Summary.of(cost);
            result.headline(String.format(
                    Locale.ROOT,
                    "%-15s catch-up volatile %.2f, lazy %.2f ns/value (per round %.1fx, %.1f-%.1f); ping-pong"
                            + " volatile %.0f, lazy %.0f ns (lazy/volatile per round %.2fx)",
                    storage.label + (storage.postsOwn() ? "" : "*"),
                    catchVolatile.median(),
                    catchLazy.median(),
                    costRounds.median(),
                    costRounds.min(),
                    costRounds.max(),
                    pingVolatile.median(),
                    pingLazy.median(),
                    Summary.of(latency).median()));
        }
    }
}
