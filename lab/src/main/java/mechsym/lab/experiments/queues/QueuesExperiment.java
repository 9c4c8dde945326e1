package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 004, "Atomic*.lazySet is a performance win for single writers" (Nitsan Wakart,
 * Psychosomatic Lobotomy Saw, 2012), and the queues that grew out of it (JCTools, the Disruptor).
 *
 * Claim: publishing with an ordered store (lazySet, today a VarHandle release write) instead of a
 * volatile write is "one of the building blocks of the Disruptor and other frameworks" and gives
 * "measurable performance improvements" - so queues built on it today, with VarHandles and no
 * Unsafe, should move elements between threads at least as fast as JCTools' SpscArrayQueue and
 * the Disruptor 4 one-to-one ring buffer, measured in the same run.
 *
 *   producer thread                      consumer thread
 *   store element (plain)
 *   release-store producer index  --->   acquire-load producer index, load element
 *                                        release-store consumer index
 *   (re-read the consumer index only when the cached one says "full")
 *
 * Four JMH benchmarks, each queue in its own fork:
 *  1. QueueThroughputBenchmark: one producer, one consumer, elements per microsecond, for
 *     mechsym's SPSC and MPSC queues, JCTools' and Agrona's, ArrayBlockingQueue and
 *     ConcurrentLinkedQueue (held to the same capacity);
 *  2. RingBufferThroughputBenchmark: mechsym's ring buffer against the Disruptor 4, one-to-one,
 *     busy-spin consumers;
 *  3. QueueRoundTripBenchmark: ping-pong through two queues, ns per round trip;
 *  4. QueueBurstCostBenchmark: one thread offers 100 and polls them back - the code's own cost,
 *     stable even where the machine is too busy for the two-thread figures to mean anything.
 * Each benchmark checks that every element arrived (count, checksum) so a fast wrong queue fails.
 * Sensitive to: free cores (every benchmark spins two threads), core placement (same core,
 * siblings, sockets), noisy neighbours; the post pinned threads with taskset, we do not.
 */
public final class QueuesExperiment implements Experiment {
    /** mechsym's queue and the library queue it must at least equal, by the benchmarks' labels. */
    private static final Map<String, String> GOALS =
            Map.of("mechsym-spsc", "jctools-spsc", "mechsym-ring", "disruptor-ring");

    private static final double EQUAL_WITHIN = 0.95;

    /** Above this error / score on a compared throughput the verdict is inconclusive. */
    private static final double MAX_RELATIVE_ERROR = 0.25;

    private static final String SEED_MACHINE =
            "the post's machine (not named), Java 7, threads pinned same-core and cross-core; figures read from its text";

    @Override
    public String id() {
        return "queues";
    }

    @Override
    public String title() {
        return "Inter-thread queues and ring buffers: mechsym against JCTools, Agrona, the Disruptor and the JDK";
    }

    @Override
    public Seed seed() {
        return new Seed(
                "004_43b0c6d58963b31d.txt",
                "Atomic*.lazySet is a performance win for single writers",
                "Nitsan Wakart (Psychosomatic Lobotomy Saw)",
                2012);
    }

    @Override
    public String claim() {
        return "Queues that publish with release stores (lazySet) and cached indices, built on VarHandles without"
                + " Unsafe, move elements between threads at least as fast as JCTools' SpscArrayQueue and the"
                + " Disruptor 4 one-to-one ring buffer in the same run.";
    }

    /**
     * The post measured counters, not queues, and gave its figures as a chart without numbers: what
     * carries over is the ratio its text states for a single writer publishing to a reader.
     */
    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed-ratios", "what the post states, in its own words", SEED_MACHINE)
                .column("experiment")
                .column("comparison")
                .column("ratio low", "x")
                .column("ratio high", "x")
                .column("the post says")
                .row(
                        "catch-up (one writer, one reader)",
                        "volatile / lazySet",
                        5.0,
                        6.0,
                        "volatile writes are indeed significantly more expensive (5-6 times) then the alternatives")
                .row(
                        "frameworks",
                        "lazySet as publication",
                        null,
                        null,
                        "one of the building blocks of the Disruptor and other frameworks ... can provide measurable"
                                + " performance improvements")
                .note("This experiment's mechsym-spsc-indexed against mechsym-spsc-indexed-volatile repeats the"
                        + " catch-up comparison inside a queue: the same code publishing its indices with release or"
                        + " with volatile writes.")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        JmhBenchmarks jmh = context.jmh();
        int measurements = profile.pick(1, 3, 5);

        // 1 + 2. one producer, one consumer: queues and ring buffers
        List<JmhBenchmarks.Score> queueScores =
                jmh.run(configure(jmh, profile).include(QueueThroughputBenchmark.class.getName() + ".offer"));
        List<JmhBenchmarks.Score> ringScores =
                jmh.run(configure(jmh, profile).include(RingBufferThroughputBenchmark.class.getName() + ".publish"));
        Table.Builder throughput = Table.measured(
                        "throughput", "one producer, one consumer: elements per microsecond (JMH)")
                .column("queue")
                .column("kind")
                .column("score", "elements/µs")
                .column("error (99.9%)", "elements/µs")
                .note("JMH throughput of the producer while the consumer keeps up (every queue bounded to 16384,"
                        + " ring buffers 65536 events), " + measurements + " measurement iterations, one fork per"
                        + " queue; each run checked that the consumer received every element.");
        Map<String, Double> rates = new TreeMap<>();
        for (JmhBenchmarks.Score s : queueScores) {
            QueueKind kind = QueueKind.of(s.param("queue"));
            throughput.row(kind.label, kind.kind, s.score(), s.error());
            rates.put(kind.label, s.score());
        }
        for (JmhBenchmarks.Score s : ringScores) {
            String label = s.param("ring") + "-ring";
            throughput.row(label, "ring buffer, SPSC", s.score(), s.error());
            rates.put(label, s.score());
        }
        result.table(throughput.build());
        result.chart(Chart.bar(
                "throughput",
                "one producer, one consumer: elements per microsecond",
                List.of("throughput"),
                "queue",
                "score",
                null,
                "elements/µs (higher is better)"));

        // 3. round trip
        List<JmhBenchmarks.Score> tripScores =
                jmh.run(configure(jmh, profile).include(QueueRoundTripBenchmark.class.getName() + ".roundTrip"));
        Table.Builder roundTrip = Table.measured("round-trip", "ping-pong through two queues: ns per round trip (JMH)")
                .column("queue")
                .column("kind")
                .column("score", "ns")
                .column("error (99.9%)", "ns")
                .note("JMH average time of one element sent and echoed back by a spinning thread, " + measurements
                        + " measurement iterations, one fork per queue.");
        Map<String, Double> trips = new TreeMap<>();
        for (JmhBenchmarks.Score s : tripScores) {
            QueueKind kind = QueueKind.of(s.param("queue"));
            roundTrip.row(kind.label, kind.kind, s.score(), s.error());
            trips.put(kind.label, s.score());
        }
        result.table(roundTrip.build());
        result.chart(Chart.bar(
                "round-trip",
                "ping-pong: ns per round trip",
                List.of("round-trip"),
                "queue",
                "score",
                null,
                "ns per round trip (lower is better)"));

        // 4. the same thread: the queues' own instruction cost
        List<JmhBenchmarks.Score> burstScores =
                jmh.run(configure(jmh, profile).include(QueueBurstCostBenchmark.class.getName() + ".burst"));
        Table.Builder burst = Table.measured(
                        "burst-cost", "one thread offers 100 elements and polls them back: ns per element (JMH)")
                .column("queue")
                .column("kind")
                .column("score", "ns")
                .column("error (99.9%)", "ns")
                .note("JMH average time per element (one offer and one poll), no other thread: the cost of each"
                        + " queue's code without cache-line transfers or scheduling, " + measurements
                        + " measurement iterations, one fork per queue.");
        Map<String, Double> costs = new TreeMap<>();
        for (JmhBenchmarks.Score s : burstScores) {
            QueueKind kind = QueueKind.of(s.param("queue"));
            burst.row(kind.label, kind.kind, s.score(), s.error());
            costs.put(kind.label, s.score());
        }
        result.table(burst.build());
        result.chart(Chart.bar(
                "burst-cost",
                "one thread, offer + poll: ns per element",
                List.of("burst-cost"),
                "queue",
                "score",
                null,
                "ns per element (lower is better)"));
        headlineCosts(result, costs);

        if (Runtime.getRuntime().availableProcessors() < 2) {
            result.note("This machine has fewer than two cores: producer and consumer share one, and every figure"
                    + " measures the scheduler rather than the queues.");
        }
        verdict(result, rates, errors(queueScores, ringScores), trips);
    }

    /** The relative error (error / score) of each two-thread throughput, by label. */
    private static Map<String, Double> errors(List<JmhBenchmarks.Score> queues, List<JmhBenchmarks.Score> rings) {
        Map<String, Double> errors = new TreeMap<>();
        for (JmhBenchmarks.Score s : queues) {
            errors.put(s.param("queue"), s.error() / s.score());
        }
        for (JmhBenchmarks.Score s : rings) {
            errors.put(s.param("ring") + "-ring", s.error() / s.score());
        }
        return errors;
    }

    private static void headlineCosts(ExperimentResult.Builder result, Map<String, Double> costs) {
        if (costs.containsKey("mechsym-spsc") && costs.containsKey("jctools-spsc")) {
            result.headline(String.format(
                    Locale.ROOT,
                    "same thread, ns per element: mechsym-spsc %.1f, jctools-spsc %.1f, agrona-one-to-one %.1f;"
                            + " indexed release %.1f vs volatile %.1f",
                    costs.get("mechsym-spsc"),
                    costs.get("jctools-spsc"),
                    costs.getOrDefault("agrona-one-to-one", Double.NaN),
                    costs.getOrDefault("mechsym-spsc-indexed", Double.NaN),
                    costs.getOrDefault("mechsym-spsc-indexed-volatile", Double.NaN)));
        }
    }

    private static ChainedOptionsBuilder configure(JmhBenchmarks jmh, Profile profile) {
        return jmh.options()
                .forks(profile.pick(1, 1, 2))
                .warmupIterations(profile.pick(1, 2, 5))
                .warmupTime(TimeValue.milliseconds(profile.pick(100, 300, 1000)))
                .measurementIterations(profile.pick(1, 3, 5))
                .measurementTime(TimeValue.milliseconds(profile.pick(100, 300, 1000)));
    }

    private static void verdict(
            ExperimentResult.Builder result,
            Map<String, Double> rates,
            Map<String, Double> relativeErrors,
            Map<String, Double> trips) {
        StringBuilder figures = new StringBuilder();
        int met = 0;
        int compared = 0;
        for (Map.Entry<String, String> goal : new TreeMap<>(GOALS).entrySet()) {
            Double ours = rates.get(goal.getKey());
            Double theirs = rates.get(goal.getValue());
            if (ours == null || theirs == null || theirs <= 0) {
                continue;
            }
            compared++;
            double ratio = ours / theirs;
            if (ratio >= EQUAL_WITHIN) {
                met++;
            }
            String line = String.format(
                    Locale.ROOT,
                    "%s %.1f vs %s %.1f elements/µs: %.2fx",
                    goal.getKey(),
                    ours,
                    goal.getValue(),
                    theirs,
                    ratio);
            result.headline(line);
            figures.append(line).append(". ");
        }
        Double release = rates.get("mechsym-spsc-indexed");
        Double volatileWrites = rates.get("mechsym-spsc-indexed-volatile");
        if (release != null && volatileWrites != null && volatileWrites > 0) {
            result.headline(String.format(
                    Locale.ROOT,
                    "the seed's comparison inside a queue: release-published indices %.1f, volatile %.1f elements/µs"
                            + " (%.1fx; the post's catch-up: 5-6x)",
                    release,
                    volatileWrites,
                    release / volatileWrites));
        }
        Double ourTrip = trips.get("mechsym-spsc");
        Double theirTrip = trips.get("jctools-spsc");
        if (ourTrip != null && theirTrip != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "round trip: mechsym-spsc %.0f ns, jctools-spsc %.0f ns, array-blocking-queue %.0f ns",
                    ourTrip,
                    theirTrip,
                    trips.getOrDefault("array-blocking-queue", Double.NaN)));
        }
        String rule = "(at least equal: a ratio of " + EQUAL_WITHIN + " or more, within JMH's run-to-run noise)";
        double worstError = GOALS.entrySet().stream()
                .flatMap(g -> java.util.stream.Stream.of(g.getKey(), g.getValue()))
                .mapToDouble(label -> relativeErrors.getOrDefault(label, Double.NaN))
                .max()
                .orElse(Double.NaN);
        if (!(worstError <= MAX_RELATIVE_ERROR)) {
            result.verdict(Verdict.inconclusive(figures
                    + String.format(
                            Locale.ROOT,
                            "The two-thread scores varied by up to %.0f%% of their value (JMH 99.9%% error), more than the"
                                    + " %.0f%% this comparison can live with: the machine was too busy (two spinning threads"
                                    + " need two free cores). The same-thread burst cost still compares the code.",
                            100 * worstError,
                            100 * MAX_RELATIVE_ERROR)));
            return;
        }
        if (compared < GOALS.size()) {
            result.verdict(Verdict.inconclusive("Not every pair was measured. " + figures));
        } else if (met == compared) {
            result.verdict(Verdict.reproduced(figures + "Both are at least equal " + rule + "."));
        } else if (met > 0) {
            result.verdict(Verdict.partly(figures + "Only one of the two is at least equal " + rule + "."));
        } else {
            result.verdict(Verdict.notReproduced(figures + "Neither is at least equal " + rule + "."));
        }
    }
}
