package mechsym.lab.experiments.lazyset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.experiments.lazyset.Counters.SetMethod;
import mechsym.lab.experiments.lazyset.Counters.Storage;
import mechsym.lab.rigs.pingpong.Cells;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.pingpong.RoundTrips;
import mechsym.lab.rigs.pingpong.StoreMode;
import mechsym.lab.rigs.threads.ThreadedRuns;
import mechsym.lab.seeds.LazySetPost;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;

/*
 * Seed 004, "Atomic*.lazySet is a performance win for single writers" (Nitsan Wakart,
 * Psychosomatic Lobotomy Saw, 2012).
 *
 * Claim: for a single writer, lazySet (an ordered store, setRelease today) publishes as fast as a
 * volatile set (Ping Pong: "practically no difference") while costing the writer far less (Catchup:
 * volatile "5-6 times more expensive" than the alternatives), because it needs no StoreLoad fence.
 *
 *   Ping Pong   A: a.set(i); spin until b.get() == i     B: spin until a.get() == i; b.set(i)
 *   Catchup     producer: values[i] = v; c.set(i + 1)    consumer: read values up to c.get()
 *
 * The post's Counter (get is always a volatile read; set is volatile, lazy or direct) in five
 * storages: AtomicLong as in the post, a volatile field unpadded and padded (its follow-up), and
 * off-heap MemorySegment counters unpadded and padded (FFM where the post used Unsafe). One forked
 * JVM per (storage, set method), so each call site sees one Counter class and one set method; the
 * forks are interleaved by storage. min/median/max of the runs after the first, like the post. The
 * verdict judges the post's own storages (AtomicLong, the volatile field) through the ratios taken
 * round by round (LazySetClaims); the padded and off-heap counters the post set aside, and core's
 * Sequence, are shown as context.
 *
 * Then Ping Pong as a distribution (the shared TimedPingPong): each round trip timed into
 * HdrHistogram, closed loop, for the three set methods with the post's unpadded cells, padded cells
 * and core's Sequence, the threads pinned at every placement the machine's topology has (one logical CPU,
 * SMT siblings, two cores, two sockets), as the post's affinity runs; p50 to max and an .hgrm file
 * per case. Shown as context: the runs of one fork are not independent repetitions.
 *
 * Sensitive to: thread placement (the post ran same-core and cross-core affinity; the untimed
 * runs pin their two threads to two cores of a socket where there are two, the timed ones run every
 * placement; without SMT siblings the post's same-core runs cannot be repeated), other load (ping-pong on a loaded 2-core machine measures the
 * scheduler), and false sharing between the two ping-pong counters in the unpadded storages.
 *
 * Quick profile: about 43 s: three rounds of 18 short JVMs (35 s), then three JVMs of the timed
 * ping-pong (6 cases x 2 runs of 100 ms each: 8 s on a busy machine), on 2 vCPUs; `./mechsym lab
 * lazyset` prints the measured time as 'done in N s'.
 */
public final class LazySetExperiment implements Experiment {
    @Override
    public String id() {
        return "lazyset";
    }

    @Override
    public String title() {
        return "lazySet (setRelease) against volatile and plain set for a single writer";
    }

    @Override
    public Seed seed() {
        return LazySetPost.SEED;
    }

    @Override
    public String claim() {
        return "For a single writer, lazySet costs the writer several times less than a volatile set (catch-up:"
                + " volatile 5-6x slower) with no worse latency (ping-pong: practically no difference).";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed-ratios", "what the post's chart shows, in its own words", LazySetPost.MACHINE)
                .column("experiment")
                .column("comparison")
                .column("ratio low", "x")
                .column("ratio high", "x")
                .column("the post says")
                .row(
                        "catch-up",
                        "volatile / lazy",
                        LazySetPost.CATCH_UP_LOW,
                        LazySetPost.CATCH_UP_HIGH,
                        LazySetPost.CATCH_UP_WORDS)
                .row(
                        "ping-pong",
                        "lazy / volatile",
                        null,
                        null,
                        "practically no difference between the different methods of writing; volatile slightly"
                                + " more stable")
                .row(
                        "catch-up",
                        "direct / lazy",
                        null,
                        null,
                        "direct seems a better performer than lazySet, but it may hang or break (no ordering)")
                .note("The post gives its figures as a bar chart (min, median, max per experiment, set method and"
                        + " affinity) without the numbers; the ratios above are the ones its text states.")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long runMillis = profile.pick(30L, 50L, 500L);
        int runs = profile.pick(2, 3, 11); // the first of each experiment is warm-up
        int values = profile.pick(1 << 16, 1 << 20, 1 << 24);
        List<Storage> storages = profile == Profile.TINY
                ? List.of(Storage.FIELD) // the tests run every storage in-process
                : List.of(Storage.values());
        double loadBefore = ThreadedRuns.loadAverage();
        // the post ran both experiments under affinity: the untimed forks pin their two threads to two cores
        Optional<CpuPair> crossCore = CpuPair.here(Placement.CROSS_CORE);
        LazySetRun.Cpus pinning =
                crossCore.map(p -> new LazySetRun.Cpus(p.first(), p.second())).orElse(LazySetRun.Cpus.UNPINNED);

        LazySetFigures figures = new LazySetFigures();
        List<String> failures = new ArrayList<>();
        // A run's mode (the consumer running beside the writer, or not) holds for a whole JVM, so one
        // JVM per storage and set method can land in either mode and a single JVM's figure can be
        // off by an order of magnitude (the catch-up table's min and max show it). So the JVMs are
        // repeated in rounds, set methods in turn, and the runs of all rounds pooled.
        int rounds = profile.pick(1, 3, 3);
        context.progress().start("ping-pong and catch-up", rounds * storages.size() * SetMethod.values().length);
        for (int round = 0; round < rounds; round++) {
            for (Storage storage : storages) {
                for (SetMethod set : Rounds.inTurn(List.of(SetMethod.values()), round)) {
                    String name = storage.name() + "-" + set.name() + "-round" + (round + 1);
                    try {
                        List<LazySetRun.Run> out = context.fork(LazySetRun.class)
                                .name(name)
                                .jvmArgs("-Xmx512m", "-D" + Counters.SET_PROPERTY + "=" + set.name())
                                .input(new LazySetRun.Input(storage, runMillis, runs, values, pinning))
                                .timeoutSeconds(profile.pick(60, 60, 300))
                                .run(LazySetRun.Run.class);
                        figures.add(round, storage, set, out);
                    } catch (IOException e) {
                        // the post: "I have had variations of the experiments hang when using the direct set"
                        failures.add(name + ": " + e.getMessage());
                    }
                    context.progress().step();
                }
            }
        }

        LazySetReport.tables(result, figures, storages, runMillis, values, runs, rounds);
        failures.forEach(f -> result.note("Did not finish (the post warns the direct set may hang): " + f));

        distributions(context, result);
        ThreadedRuns.noteMachine(result, 2, loadBefore);
        LazySetReport.headlines(result, figures, storages);
        result.verdict(LazySetClaims.judge(
                storages.stream()
                        .filter(Storage::postsOwn)
                        .map(st -> new LazySetClaims.Storage(st.label, figures.cost(st), figures.latency(st)))
                        .toList(),
                CpuTopology.ofThisProcess()));
        LazySetGoals.goals(
                        figures.perRound(
                                new LazySetFigures.Key("catch-up", Storage.SEQUENCE, SetMethod.LAZY),
                                new LazySetFigures.Key("catch-up", Storage.ATOMIC_LONG, SetMethod.LAZY)),
                        CpuTopology.ofThisProcess())
                .forEach(result::goal);
    }

    /**
     * Ping Pong as a distribution: every round trip timed into HdrHistogram, for the three set
     * methods, the post's unpadded cells beside padded ones and core's Sequence, the two threads
     * pinned at every placement this machine has. One fork per layout; shown beside the verdict (the runs
     * of one fork are not independent repetitions), with the headline across two cores.
     */
    private static void distributions(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long runMillis = profile.pick(20L, 100L, 500L);
        int runs = profile.pick(2, 2, 4); // the first is warm-up
        List<CpuPair> pairs = CpuPair.allHere();
        Optional<CpuPair> cross = pairs.stream()
                .filter(p -> p.placement() == Placement.CROSS_CORE)
                .findFirst();
        List<RoundTrips.Placed> cases = new ArrayList<>();
        for (StoreMode mode : StoreMode.values()) {
            for (CpuPair pair : pairs) {
                cases.add(new RoundTrips.Placed(mode, pair.label(), pair.first(), pair.second()));
            }
        }
        if (cases.isEmpty()) {
            result.note("The timed ping-pong needs threads pinned to CPUs (Linux), so it did not run here.");
            return;
        }
        RoundTrips roundTrips = new RoundTrips();
        context.progress().message("timed ping-pong: " + Cells.Layout.values().length + " forks");
        for (Cells.Layout layout : Cells.Layout.values()) {
            roundTrips.fork(context, "ping-pong", layout, runMillis, runs, cases);
        }
        roundTrips.report(
                result,
                "ping-pong-distribution",
                "Ping Pong, each round trip timed: distribution by set method, layout and placement",
                "One forked JVM per layout; per row " + (runs - 1) + " measured run(s) of " + runMillis + " ms after a"
                        + " warm-up run. The read is volatile (acquire for lazy), as the post's get. On one CPU a"
                        + " waiting thread yields after 1000 spins, so each hand-off is a switch between threads."
                        + " Percentile files: ping-pong-*.hgrm in this experiment's folder.");
        if (cross.isEmpty()) {
            return;
        }
        String crossLabel = cross.get().label();
        RoundTrips.Row lazy = roundTrips.find(Cells.Layout.PADDED, StoreMode.RELEASE, crossLabel);
        RoundTrips.Row volatileRow = roundTrips.find(Cells.Layout.PADDED, StoreMode.VOLATILE, crossLabel);
        if (lazy == null || volatileRow == null) {
            return;
        }
        double lazyP50 = lazy.median(LatencySummary::p50Nanos);
        double volatileP50 = volatileRow.median(LatencySummary::p50Nanos);
        result.headline(String.format(
                Locale.ROOT,
                "timed ping-pong across two CPUs, padded: p50 lazy %.0f ns, volatile %.0f ns; p99.9 lazy %.0f,"
                        + " volatile %.0f ns",
                lazyP50,
                volatileP50,
                lazy.median(LatencySummary::p999Nanos),
                volatileRow.median(LatencySummary::p999Nanos)));
    }

    /** The fork's arguments: storage, run length, runs, catch-up values, then the two CPUs if pinned. */
}
