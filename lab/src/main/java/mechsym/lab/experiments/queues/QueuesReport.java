package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Rounds;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/**
 * The queues experiment's tables and charts, built from its JMH scores: throughput and round trip
 * per queue over the rounds, the same-thread cost, the SPSC capacity sweep and the goal pairs' ratios.
 */
final class QueuesReport {
    private QueuesReport() {}

    /** One producer, one consumer: elements per microsecond per queue over the rounds, and its chart. */
    static void throughput(
            ExperimentResult.Builder result,
            Map<String, List<Double>> rates,
            int contextRounds,
            int rounds,
            int goalRounds,
            int measurements) {
        byQueue(
                result,
                Table.measured(
                                "throughput",
                                "one producer, one consumer: elements per microsecond (JMH, one fork per round)")
                        .column("queue")
                        .column("kind")
                        .summaryColumns("elements/µs")
                        .note(
                                "JMH throughput of the producer while the consumer keeps up (queues bounded to 16384, ring"
                                        + " buffers 65536 events). " + contextRounds + " round(s) for every queue, "
                                        + rounds + " for the post's pair (mechsym-spsc-indexed and its volatile twin), "
                                        + goalRounds + " for the pairs judged"
                                        + " against mechsym's goal and the ring buffers; in each round every queue gets one fork"
                                        + " of " + measurements
                                        + " measurement iterations, queues taken in turn (in reverse every other round), so a change in the"
                                        + " machine's load hits them all; n, min, median, max are over the rounds. Each fork checked"
                                        + " that the consumer received every element. The -class rows are the same two SPSC queues"
                                        + " held by their class instead of an interface (BoundedQueue, java.util.Queue), which"
                                        + " drops the receiver check from both loops: one load more or less in the consumer's"
                                        + " loop can move a queue between the two modes of a two-thread run (docs/queues.md)."
                                        + " JCTools' MpscArrayQueue.poll, finding the next slot empty, reads the producers' index to"
                                        + " tell an empty queue from a slot claimed but not yet stored: with a consumer that keeps"
                                        + " up, that read takes the producers' contended line on most polls. mechsym's and Agrona's"
                                        + " MPSC poll answer null for such a slot, as JCTools' relaxedPoll does: jctools-mpsc-relaxed"
                                        + " is the like-for-like row."),
                rates,
                "one producer, one consumer: elements per microsecond (median of rounds)",
                "elements/µs (higher is better)");
    }

    /** Ping-pong through two queues: ns per round trip per queue over the rounds, and its chart. */
    static void roundTrip(ExperimentResult.Builder result, Map<String, List<Double>> trips, int rounds) {
        byQueue(
                result,
                Table.measured(
                                "round-trip",
                                "ping-pong through two queues: ns per round trip (JMH, one fork per round)")
                        .column("queue")
                        .column("kind")
                        .summaryColumns("ns")
                        .note("JMH average time of one element sent and echoed back by a spinning thread; " + rounds
                                + " round(s) of one fork per queue, queues in turn; n, min, median, max over the"
                                + " rounds."),
                trips,
                "ping-pong: ns per round trip (median of rounds)",
                "ns per round trip (lower is better)");
    }

    /** A row per queue (its rounds summarised) in {@code table}, and a bar chart of the medians. */
    private static void byQueue(
            ExperimentResult.Builder result,
            Table.Builder table,
            Map<String, List<Double>> scores,
            String chartTitle,
            String yAxis) {
        scores.forEach((label, perRound) -> table.row(label, kindOf(label), Summary.of(perRound)));
        Table built = table.build();
        result.table(built);
        result.chart(Chart.bar(built.id(), chartTitle, List.of(built.id()), "queue", "median", null, yAxis));
    }

    private static String kindOf(String label) {
        return label.endsWith("-ring") ? "ring buffer, SPSC" : QueueKind.of(label).kind;
    }

    /** One thread offers and polls back: ns per element per queue, and its chart. */
    /**
     * The same-thread cost of every queue: ns per element, one figure per fork (the goal's queues run
     * {@code goalForks} forks in turn, the others one).
     */
    static void burstCost(
            ExperimentResult.Builder result, Map<String, List<Double>> costs, int measurements, int goalForks) {
        Table.Builder table = Table.measured(
                        "burst-cost", "one thread offers 100 elements and polls them back: ns per element (JMH)")
                .column("queue")
                .column("kind")
                .summaryColumns("ns")
                .note("JMH average time per element (one offer and one poll), no other thread: the cost of each"
                        + " queue's code without cache-line transfers or scheduling, the median of " + measurements
                        + " measurement iterations per fork; mechsym-spsc and its SPSC peers " + goalForks
                        + " forks each, in turn round by round (the same-thread goal's repetitions), the others one"
                        + " fork.");
        costs.forEach((queue, forks) -> {
            QueueKind kind = QueueKind.of(queue);
            table.row(kind.label, kind.kind, Summary.of(forks));
        });
        result.table(table.build());
        result.chart(Chart.bar(
                "burst-cost",
                "one thread, offer + poll: ns per element",
                List.of("burst-cost"),
                "queue",
                "median",
                null,
                "ns per element (lower is better)"));
    }

    /** A table of same-thread costs: one row per queue, its kind, JMH's score and error. */
    private static Table costTable(String id, String title, String note, List<JmhBenchmarks.Score> scores) {
        Table.Builder table = Table.measured(id, title)
                .column("queue")
                .column("kind")
                .column("score", "ns")
                .column("error (99.9%)", "ns")
                .note(note);
        for (JmhBenchmarks.Score s : scores) {
            QueueKind kind = QueueKind.of(s.param("queue"));
            table.row(kind.label, kind.kind, s.score(), s.error());
        }
        return table.build();
    }

    /** The batch operations' cost: one fill and one drain of a burst, per element. */
    static void batchCost(ExperimentResult.Builder result, List<JmhBenchmarks.Score> scores, int measurements) {
        result.table(costTable(
                "batch-cost",
                "one thread fills 100 elements and drains them back: ns per element (JMH)",
                "JMH average time per element of one fill(supplier, 100) and one drain(consumer, 100), no"
                        + " other thread (Agrona has no fill: its row offers one by one), " + measurements
                        + " measurement iterations, one fork per queue.",
                scores));
    }

    /** The SPSC pair by capacity: each side's median and the per-round ratios, with a headline. */
    static void capacitySweep(
            ExperimentResult.Builder result,
            Map<Integer, Map<String, List<Double>>> byCapacity,
            List<String> pair,
            int rounds) {
        Table.Builder table = Table.measured(
                        "spsc-capacity", "mechsym-spsc against jctools-spsc by capacity: elements per microsecond")
                .column("capacity", "elements")
                .column("mechsym-spsc median", "elements/µs")
                .column("jctools-spsc median", "elements/µs")
                .summaryColumns("mechsym / jctools per round")
                .note("Same benchmark and settings as the throughput table; 1024 and 131072 were run after it, "
                        + rounds + " round(s) of one fork per queue and capacity, in turn (16384 is the throughput"
                        + " table's). A fork of either queue settles in a slow or a fast mode; the ratio at one"
                        + " capacity says more about the modes than about the code (the same-thread cost does).");
        StringBuilder line = new StringBuilder("SPSC mechsym / jctools by capacity (median per-round ratio):");
        byCapacity.forEach((capacity, scores) -> {
            List<Double> ours = scores.get(pair.get(0));
            List<Double> theirs = scores.get(pair.get(1));
            if (ours == null || theirs == null || ours.isEmpty() || theirs.isEmpty()) {
                return;
            }
            Summary ratios = Summary.of(Rounds.ratios(ours, theirs));
            table.row(capacity, Summary.of(ours).median(), Summary.of(theirs).median(), ratios);
            line.append(String.format(Locale.ROOT, " %d: %.2fx", capacity, ratios.median()));
        });
        result.table(table.build());
        result.headline(line.toString());
    }

    /** mechsym against the library it must at least equal: the per-round ratios of each goal pair. */
    static Table goalRatios(List<QueuesGoals.Pair> pairs) {
        Table.Builder table = Table.measured(
                        "goal-ratios", "mechsym against the library it must at least equal: ratio per round")
                .column("ours")
                .column("theirs")
                .summaryColumns("x")
                .note("Each round ran every queue once, in turn; the ratio is ours / theirs within one round, so a"
                        + " change in the machine's load between rounds largely cancels. The goal: the whole"
                        + " interval at " + QueuesGoals.EQUAL_WITHIN + " or more, judged only on "
                        + QueuesGoals.TWO_THREAD_CORES + " cores or more.");
        pairs.stream()
                .filter(QueuesGoals.Pair::measured)
                .forEach(p ->
                        table.row(p.ours(), p.theirs(), Summary.of(Rounds.ratios(p.oursRates(), p.theirsRates()))));
        return table.build();
    }
}
