package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.seeds.LazySetPost;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 004, "Atomic*.lazySet is a performance win for single writers" (Nitsan Wakart,
 * Psychosomatic Lobotomy Saw, 2012), and the queues that grew out of it (JCTools, the Disruptor).
 *
 * Claim: publishing with an ordered store (lazySet, today a VarHandle release write) instead of a
 * volatile write is "one of the building blocks of the Disruptor and other frameworks" and gives
 * "measurable performance improvements" (its catch-up: volatile 5-6 times dearer): the verdict
 * repeats that comparison inside a queue (mechsym-spsc-indexed, release against volatile indices).
 * mechsym's goals, beside it: its queues built on release stores, with VarHandles and no Unsafe, at
 * least as fast as JCTools' SpscArrayQueue and MpscArrayQueue and the Disruptor 4 one-to-one ring
 * buffer in the same run, and its SPSC's same-thread cost no dearer than the fastest peer's.
 *
 *   producer thread (mechsym-spsc, as JCTools)   consumer thread
 *   release-store element into slot p     --->   acquire-load slot c: non-null is published
 *   release-store producer index (size())        release-store null into slot c
 *   (look at slot p + capacity/4 only when       release-store consumer index (size())
 *    the cached limit is reached)
 *   The indexed variants instead publish with the producer index and cache the other side's index.
 *
 * Four JMH benchmarks, each queue in its own fork:
 *  1. QueueThroughputBenchmark: one producer, one consumer, elements per microsecond, for
 *     mechsym's SPSC and MPSC queues, JCTools' (Unsafe and the Unsafe-free VarHandle ones) and Agrona's, ArrayBlockingQueue and
 *     ConcurrentLinkedQueue (held to the same capacity);
 *  2. RingBufferThroughputBenchmark: mechsym's ring buffer against the Disruptor 4, one-to-one,
 *     busy-spin consumers;
 *  3. QueueRoundTripBenchmark: ping-pong through two queues, ns per round trip;
 *  4. QueueBurstCostBenchmark: one thread offers 100 and polls them back - the code's own cost,
 *     stable even where the machine is too busy for the two-thread figures to mean anything; and
 *     the same with the batch operations, one fill and one drain of 100.
 * Each benchmark checks that every element arrived (count, checksum) so a fast wrong queue fails.
 * Sensitive to: free cores (every benchmark spins two threads), core placement (same core,
 * siblings, sockets), noisy neighbours; the post pinned threads with taskset, we do not.
 *
 * mechsym's pair goals (two threads) are judged only on 4 cores or more, where producer and
 * consumer each get a core of their own; below, they are shown and NOT MEASURABLE. The same-thread
 * goal is judged everywhere, over five forks of each SPSC queue in turn (quick and full).
 *
 * Tiny profile (a smoke test): every queue's throughput, one fork each; the round trip, burst and batch
 * costs of the queues the headlines read.
 *
 * Quick profile: about 130 s on 2 vCPUs. Below 4 cores, where no pair goal can be judged, every queue
 * gets one throughput round and one round-trip round (context) and the post's pair three throughput
 * rounds (the verdict); on 4 cores or more every queue gets three rounds and the goal pairs five. The
 * capacity sweep runs in full only.
 */
public final class QueuesExperiment implements Experiment {
    /** The queues whose batch operations the batch-cost table compares (Agrona: drain only). */
    private static final List<String> BATCH_QUEUES = List.of(
            "mechsym-spsc", "jctools-spsc", "agrona-one-to-one", "mechsym-mpsc", "jctools-mpsc", "agrona-many-to-one");

    /**
     * The tiny profile's round-trip, burst and batch queues: those the headlines read. Every queue
     * still runs in the throughput forks; the other benchmarks, tables and charts run on these.
     */
    private static final List<String> TINY_ROUND_TRIP = List.of("mechsym-spsc", "jctools-spsc", "array-blocking-queue");

    private static final List<String> TINY_BURST = List.of("mechsym-spsc-indexed", "mechsym-spsc-indexed-volatile");
    private static final List<String> TINY_BATCH = List.of("mechsym-spsc", "agrona-many-to-one"); // Agrona: no fill

    /** mechsym's queue and the library queue it must at least equal, by the benchmarks' labels. */
    private static final Map<String, String> GOALS = Map.of(
            "mechsym-spsc", "jctools-spsc",
            "mechsym-spsc-class", "jctools-spsc-class",
            "mechsym-ring", "disruptor-ring",
            "mechsym-mpsc", "jctools-mpsc");

    private static final double EQUAL_WITHIN = QueuesGoals.EQUAL_WITHIN;

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
        return LazySetPost.SEED;
    }

    @Override
    public String claim() {
        return "Inside a queue, publishing the indices with release stores (the post's lazySet) instead of volatile"
                + " writes moves elements between two threads measurably faster, by the post's 5-6x.";
    }

    /**
     * The post measured counters, not queues, and gave its figures as a chart without numbers: what
     * carries over is the ratio its text states for a single writer publishing to a reader.
     */
    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed-ratios", "what the post states, in its own words", LazySetPost.MACHINE)
                .column("experiment")
                .column("comparison")
                .column("ratio low", "x")
                .column("ratio high", "x")
                .column("the post says")
                .row(
                        "catch-up (one writer, one reader)",
                        "volatile / lazySet",
                        LazySetPost.CATCH_UP_LOW,
                        LazySetPost.CATCH_UP_HIGH,
                        LazySetPost.CATCH_UP_WORDS)
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
        int rounds = profile.pick(1, 3, 5); // three rounds at least for a min / median / max of the per-round ratios
        // The pair goals are judged only where producer and consumer each get a core of their own; there
        // one fork of a two-thread run can still land in either of two modes, so the goal pairs get two
        // rounds more than the rest. Below, they are shown, not judged, and get no extra rounds.
        int cores = pinnableCores();
        boolean pairGoalsJudged = cores >= QueuesGoals.TWO_THREAD_CORES;
        int goalRounds = pairGoalsJudged ? profile.pick(1, 5, 5) : rounds;
        // where no pair goal can be judged, the quick profile gives the queues the verdict does not read
        // one round (context, shown not judged), and the post's pair all of its rounds
        int contextRounds = pairGoalsJudged || profile != Profile.QUICK ? rounds : 1;
        // the same-thread goal's repetitions: forks of the SPSC queues, in turn (tiny: one runs the code)
        int sameThreadForks = profile.pick(1, 5, 5);
        int measurements = profile.pick(1, 2, 5);
        List<String> queues =
                java.util.Arrays.stream(QueueKind.values()).map(k -> k.label).toList();
        List<String> goalQueues = queues.stream()
                .filter(q -> GOALS.containsKey(q) || GOALS.containsValue(q))
                .toList();

        // 1 + 2. one producer, one consumer: queues and ring buffers, alternating fork by fork
        Map<String, List<Double>> rates = new java.util.LinkedHashMap<>();
        alternate(
                jmh,
                profile,
                contextRounds,
                QueueThroughputBenchmark.class.getName() + ".offer",
                "queue",
                queues,
                rates);
        alternate(
                jmh,
                profile,
                rounds - contextRounds,
                QueueThroughputBenchmark.class.getName() + ".offer",
                "queue",
                QueuesClaims.POST_PAIR,
                rates);
        alternate(
                jmh,
                profile,
                goalRounds - rounds,
                QueueThroughputBenchmark.class.getName() + ".offer",
                "queue",
                goalQueues,
                rates);
        alternate(
                jmh,
                profile,
                goalRounds,
                RingBufferThroughputBenchmark.class.getName() + ".publish",
                "ring",
                List.of("mechsym", "disruptor"),
                rates);
        QueuesReport.throughput(result, rates, contextRounds, rounds, goalRounds, measurements);
        // context, not the verdict: the full profile only (twelve forks, about 25 s of the quick lab)
        capacitySweep(jmh, profile, profile.pick(0, 0, rounds), rates, result);

        // 3. round trip
        Map<String, List<Double>> trips = new java.util.LinkedHashMap<>();
        boolean tiny = profile == Profile.TINY;
        List<String> byInterface = queues.stream()
                .filter(q -> !q.endsWith("-class") && (!tiny || TINY_ROUND_TRIP.contains(q)))
                .toList();
        alternate(
                jmh,
                profile,
                contextRounds,
                QueueRoundTripBenchmark.class.getName() + ".roundTrip",
                "queue",
                byInterface,
                trips);
        QueuesReport.roundTrip(result, trips, contextRounds);

        // 4. the same thread: the queues' own instruction cost; the goal's SPSC queues fork by fork, in turn
        int burstMeasurements = profile.pick(1, 3, 5); // cheap and single-threaded: enough samples for an error
        List<String> sameThreadQueues = new java.util.ArrayList<>(List.of("mechsym-spsc"));
        sameThreadQueues.addAll(QueuesGoals.SPSC_PEERS);
        Map<String, List<Double>> costs = new java.util.LinkedHashMap<>();
        for (JmhBenchmarks.Score s : jmh.run(configure(jmh, profile)
                .include(QueueBurstCostBenchmark.class.getName() + ".burst")
                .param(
                        "queue",
                        QueueBurstCostBenchmark.queues().stream()
                                .filter(q -> !sameThreadQueues.contains(q) && (!tiny || TINY_BURST.contains(q)))
                                .toArray(String[]::new))
                .measurementIterations(burstMeasurements))) {
            costs.computeIfAbsent(QueueKind.of(s.param("queue")).label, k -> new java.util.ArrayList<>())
                    .add(s.median());
        }
        for (int fork = 0; fork < sameThreadForks; fork++) {
            for (String queue : Rounds.inTurn(sameThreadQueues, fork)) {
                for (JmhBenchmarks.Score s : jmh.run(configure(jmh, profile)
                        .include(QueueBurstCostBenchmark.class.getName() + ".burst")
                        .param("queue", queue)
                        .measurementIterations(burstMeasurements))) {
                    costs.computeIfAbsent(queue, k -> new java.util.ArrayList<>())
                            .add(s.median());
                }
            }
        }
        QueuesReport.burstCost(result, costs, burstMeasurements, sameThreadForks);
        headlineCosts(result, costs);
        List<JmhBenchmarks.Score> batchScores = jmh.run(configure(jmh, profile)
                .include(QueueBurstCostBenchmark.class.getName() + ".batch")
                .param("queue", (tiny ? TINY_BATCH : BATCH_QUEUES).toArray(String[]::new))
                .measurementIterations(burstMeasurements));
        QueuesReport.batchCost(result, batchScores, burstMeasurements);

        if (Runtime.getRuntime().availableProcessors() < 2) {
            result.note("This machine has fewer than two cores: producer and consumer share one, and every figure"
                    + " measures the scheduler rather than the queues.");
        }
        verdict(result, rates, trips, costs, cores);
    }

    /** The cores this run can pin threads to, one per core (never two SMT siblings of one). */
    private static int pinnableCores() {
        return CpuAffinity.isSupported()
                ? CpuTopology.ofThisProcess().onePerCore().size()
                : Runtime.getRuntime().availableProcessors();
    }

    /**
     * Runs {@code benchmark} once per value of {@code param} per round, values in turn (reversed in odd
     * rounds), one fork each,
     * and appends each score to {@code scores} under the value's label (ring values get "-ring").
     */
    private static void alternate(
            JmhBenchmarks jmh,
            Profile profile,
            int rounds,
            String benchmark,
            String param,
            List<String> values,
            Map<String, List<Double>> scores)
            throws org.openjdk.jmh.runner.RunnerException {
        for (int round = 0; round < rounds; round++) {
            for (String value : Rounds.inTurn(values, round)) {
                for (JmhBenchmarks.Score s : jmh.run(configure(jmh, profile)
                        .include(benchmark)
                        .param(param, value)
                        .forks(1))) {
                    String label = param.equals("ring") ? value + "-ring" : value;
                    scores.computeIfAbsent(label, k -> new java.util.ArrayList<>())
                            .add(s.score());
                }
            }
        }
    }

    private static ChainedOptionsBuilder configure(JmhBenchmarks jmh, Profile profile) {
        return jmh.options()
                .forks(1)
                .warmupIterations(profile.pick(1, 2, 5))
                .warmupTime(TimeValue.milliseconds(profile.pick(100, 200, 1000)))
                .measurementIterations(profile.pick(1, 2, 5))
                .measurementTime(TimeValue.milliseconds(profile.pick(100, 300, 1000)));
    }

    private static void headlineCosts(ExperimentResult.Builder result, Map<String, List<Double>> costsPerFork) {
        Map<String, Double> costs = new TreeMap<>();
        costsPerFork.forEach(
                (queue, forks) -> costs.put(queue, Summary.of(forks).median()));
        if (costs.containsKey("mechsym-spsc") && costs.containsKey("jctools-spsc")) {
            result.headline(String.format(
                    Locale.ROOT,
                    "same thread, ns per element (medians): mechsym-spsc %.1f, jctools-spsc %.1f (VarHandle, no Unsafe: %.1f),"
                            + " agrona-one-to-one %.1f; indexed release %.1f vs volatile %.1f",
                    costs.get("mechsym-spsc"),
                    costs.get("jctools-spsc"),
                    costs.getOrDefault("jctools-spsc-varhandle", Double.NaN),
                    costs.getOrDefault("agrona-one-to-one", Double.NaN),
                    costs.getOrDefault("mechsym-spsc-indexed", Double.NaN),
                    costs.getOrDefault("mechsym-spsc-indexed-volatile", Double.NaN)));
        }
    }

    /**
     * The SPSC pair at a smaller and a larger capacity than the main table's 16384, forks in turn
     * round by round: on two cores the two-thread throughput of both queues settles, fork by fork,
     * in a slow or a fast mode, and which one depends on the capacity more than on the queue, so a
     * single capacity can make either queue look twice as fast as the other.
     */
    private static void capacitySweep(
            JmhBenchmarks jmh,
            Profile profile,
            int rounds,
            Map<String, List<Double>> rates,
            ExperimentResult.Builder result)
            throws org.openjdk.jmh.runner.RunnerException {
        if (rounds == 0) {
            return;
        }
        List<String> pair = List.of("mechsym-spsc", "jctools-spsc");
        Map<Integer, Map<String, List<Double>>> byCapacity = new TreeMap<>();
        for (int capacity : new int[] {1024, 131072}) {
            byCapacity.put(capacity, new java.util.LinkedHashMap<>());
        }
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<Integer, Map<String, List<Double>>> entry : byCapacity.entrySet()) {
                for (String queue : Rounds.inTurn(pair, round)) {
                    for (JmhBenchmarks.Score s : jmh.run(configure(jmh, profile)
                            .include(QueueThroughputBenchmark.class.getName() + ".offer")
                            .param("queue", queue)
                            .param("capacity", String.valueOf(entry.getKey()))
                            .forks(1))) {
                        entry.getValue()
                                .computeIfAbsent(queue, k -> new java.util.ArrayList<>())
                                .add(s.score());
                    }
                }
            }
        }
        byCapacity.put(16384, Map.of(pair.get(0), rates.get(pair.get(0)), pair.get(1), rates.get(pair.get(1))));
        QueuesReport.capacitySweep(result, byCapacity, pair, rounds);
    }

    static void verdict(
            ExperimentResult.Builder result,
            Map<String, List<Double>> rates,
            Map<String, List<Double>> trips,
            Map<String, List<Double>> costs,
            int cores) {
        List<QueuesGoals.Pair> pairs = new java.util.ArrayList<>();
        for (Map.Entry<String, String> goal : new TreeMap<>(GOALS).entrySet()) {
            QueuesGoals.Pair pair = new QueuesGoals.Pair(
                    goal.getKey(),
                    goal.getValue(),
                    rates.getOrDefault(goal.getKey(), List.of()),
                    rates.getOrDefault(goal.getValue(), List.of()));
            pairs.add(pair);
            Goal judged = QueuesGoals.pairGoal(pair, cores);
            result.goal(judged);
            if (pair.measured()) {
                result.headline(String.format(
                        Locale.ROOT,
                        "%s / %s per round: %s, goal %.2f %s; medians %.1f vs %.1f elements/µs",
                        pair.ours(),
                        pair.theirs(),
                        pair.ratio().text(),
                        EQUAL_WITHIN,
                        judged.status().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                        Summary.of(pair.oursRates()).median(),
                        Summary.of(pair.theirsRates()).median()));
            }
        }
        if (pairs.stream().anyMatch(QueuesGoals.Pair::measured)) {
            result.table(QueuesReport.goalRatios(pairs));
        }
        if (rates.containsKey("mechsym-spsc-indexed") && rates.containsKey("mechsym-spsc-indexed-volatile")) {
            double release = Summary.of(rates.get("mechsym-spsc-indexed")).median();
            double volatileWrites =
                    Summary.of(rates.get("mechsym-spsc-indexed-volatile")).median();
            result.headline(String.format(
                    Locale.ROOT,
                    "the seed's comparison inside a queue: release-published indices %.1f, volatile %.1f elements/µs"
                            + " (%.1fx; the post's catch-up: 5-6x)",
                    release,
                    volatileWrites,
                    release / volatileWrites));
        }
        if (rates.containsKey("mechsym-spsc") && rates.containsKey("jctools-spsc-varhandle")) {
            result.headline(String.format(
                    Locale.ROOT,
                    "without Unsafe on both sides (medians): mechsym-spsc %.1f, jctools-spsc-varhandle %.1f; mechsym-mpsc"
                            + " %.1f, jctools-mpsc-varhandle %.1f elements/µs",
                    Summary.of(rates.get("mechsym-spsc")).median(),
                    Summary.of(rates.get("jctools-spsc-varhandle")).median(),
                    rates.containsKey("mechsym-mpsc")
                            ? Summary.of(rates.get("mechsym-mpsc")).median()
                            : Double.NaN,
                    rates.containsKey("jctools-mpsc-varhandle")
                            ? Summary.of(rates.get("jctools-mpsc-varhandle")).median()
                            : Double.NaN));
        }
        if (rates.containsKey("mechsym-mpsc")
                && rates.containsKey("jctools-mpsc")
                && rates.containsKey("jctools-mpsc-relaxed")) {
            result.headline(String.format(
                    Locale.ROOT,
                    "MPSC, one producer (medians): mechsym %.1f, JCTools with relaxedPoll %.1f, with poll %.1f"
                            + " elements/µs (its poll reads the producers' index whenever the next slot is empty)",
                    Summary.of(rates.get("mechsym-mpsc")).median(),
                    Summary.of(rates.get("jctools-mpsc-relaxed")).median(),
                    Summary.of(rates.get("jctools-mpsc")).median()));
        }
        if (trips.containsKey("mechsym-spsc") && trips.containsKey("jctools-spsc")) {
            result.headline(String.format(
                    Locale.ROOT,
                    "round trip (medians): mechsym-spsc %.0f ns, jctools-spsc %.0f ns, array-blocking-queue %.0f ns",
                    Summary.of(trips.get("mechsym-spsc")).median(),
                    Summary.of(trips.get("jctools-spsc")).median(),
                    trips.containsKey("array-blocking-queue")
                            ? Summary.of(trips.get("array-blocking-queue")).median()
                            : Double.NaN));
        }
        result.goal(QueuesGoals.sameThreadGoal(costs));
        result.verdict(QueuesClaims.judge(
                rates.getOrDefault(QueuesClaims.POST_PAIR.get(0), List.of()),
                rates.getOrDefault(QueuesClaims.POST_PAIR.get(1), List.of())));
    }
}
