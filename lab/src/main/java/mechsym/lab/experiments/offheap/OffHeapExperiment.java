package mechsym.lab.experiments.offheap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.ForkedJvm;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;

/*
 * Seed 000, "Compact Off-Heap Structures/Tuples In Java" (Martin Thompson, Mechanical Sympathy, 2012).
 *
 * Claim: a table of 50M trades as an off-heap array of 42-byte structures reached through a
 * flyweight is 14-43x faster to build and scan than Java objects in an array (which need ~40% more
 * memory for the same data), and suffers none of the multi-second GC pauses.
 *
 *   objects   JavaMemoryTrade[]      array of references -> 50M objects with headers, on the heap
 *   unsafe    Unsafe.allocateMemory  the post's original: 42-byte packed records, one flyweight
 *   segment   MemorySegment (FFM)    the same layout, static final VarHandles, a confined Arena
 *   core-aos  mechsym core.memory    RecordStore + Trade flyweight, array of structures, memory
 *                                    faulted in lazily like malloc (the Unsafe version's policy)
 *   core-aos-huge                    the same with transparent huge pages (madvise via FFM)
 *   core-columnar                    one column per field (structure of arrays), huge pages
 *   unsafe-huge                      the post's Unsafe code over the same huge pages (the reference
 *                                    for core-aos-huge: same run, same memory policy)
 *   core-aos-reused                  core-aos-huge allocated and touched once, cleared and refilled
 *                                    by every run: no page faults after the first
 *
 * Measured as the post did: a forked JVM per (collector, storage) with the heap as full as the
 * post's (50M trades in -Xms4g -Xmx4g; quick: 10M in the same share, 819 MiB), five runs of init +
 * scan, System.gc() before each run (and, in the full profile, also without it, as the post
 * invites). Per run: duration, heap bytes per record (heap used after init minus before), off-heap
 * bytes per record (for the post's Unsafe table and its FFM twin measured by Native Memory
 * Tracking, whose forks run with -XX:NativeMemoryTracking=summary), and the GC pauses inside the run
 * from JFR's jdk.GarbageCollection events. The buy/sell cost of every run is checked against a plain
 * sum. The verdict (OffHeapClaims) judges the post's Unsafe table against the objects under the
 * collector the post ran, Java 7's default Parallel, run by run; the FFM twin, mechsym's storages
 * and G1 (ZGC in the full profile) are figures and goals (OffHeapGoals) beside it.
 *
 * Then JMH (TradeScanBenchmark): the scan alone per storage, fork by fork, beside the same scan
 * written by hand over the columns (and, in the full profile, a plain sequential read of the same
 * bytes, the memory-bandwidth ceiling).
 *
 * Beyond the post: today's collectors and the FFM API instead of Unsafe. Sensitive to: heap size
 * against the table (the post's effect, the collector copying a nearly full heap, needs its fill),
 * page faults on fresh off-heap memory (every run allocates anew, as the post did), transparent huge
 * pages.
 *
 * Quick profile: 11 forked JVMs of 10M trades (five runs each) and a JMH scan of four benchmarks,
 * three forks each (two warm-up seconds: the scans compile on-stack, and one second left the
 * columnar one still warming on a loaded machine), on 2 vCPUs (`./mechsym lab offheap-structures` prints the measured time as
 * 'done in N s').
 */
public final class OffHeapExperiment implements Experiment {
    private static final String NEHALEM = "Intel i7-860 @ 2.8GHz (Nehalem), Windows 7, Java 1.7.0_07";
    private static final String SANDY_BRIDGE = "Intel i7-2760QM @ 2.4GHz (Sandy Bridge), Linux 3.4.11, Java 1.7.0_07";

    /** The post's durations in ms, five runs each: objects with -Xms4g -Xmx4g, then Unsafe off-heap. */
    private static final Map<String, double[][]> SEED_RUNS_MS = new LinkedHashMap<>();

    static {
        SEED_RUNS_MS.put(NEHALEM, new double[][] {{19334, 14295, 14272, 28358, 32487}, {983, 958, 873, 886, 884}});
        SEED_RUNS_MS.put(SANDY_BRIDGE, new double[][] {{12262, 9822, 10239, 21558, 23074}, {634, 619, 546, 547, 534}});
    }

    /** The post's memory arithmetic: 3,817,799,680 total - 810,551,856 free - 123,999,112 base for 50M trades. */
    private static final double SEED_HEAP_BYTES = 3_817_799_680.0 - 810_551_856.0 - 123_999_112.0;

    static final double SEED_RECORDS = 50_000_000;

    /** Under G1 every storage runs; under the other collectors the post's two and core's. */
    private static final String[] STORAGES = {
        "objects", "unsafe", "unsafe-huge", "segment", "core-aos", "core-aos-huge", "core-aos-reused", "core-columnar"
    };

    /** Storages for the speed goals, run once (G1, System.gc() before each run) to keep the lab short. */
    private static final List<String> STORAGES_G1_ONLY_WITH_GC = List.of("unsafe-huge", "core-aos-reused");

    private static final List<String> STORAGES_OTHER_COLLECTORS = List.of("objects", "unsafe", "core-aos");

    /**
     * The tiny profile's forks, a smoke test: the storages the verdict reads under Parallel and the goals
     * under G1. TradeTableTest runs every storage in the test JVM.
     */
    private static final List<String> TINY_PARALLEL = List.of("objects", "unsafe");

    private static final List<String> TINY_G1 =
            List.of("objects", "unsafe", "unsafe-huge", "core-aos", "core-aos-huge", "core-aos-reused");

    /**
     * The post's table and its FFM twin, whose forks run with Native Memory Tracking: their malloc'd memory
     * is measured, not reckoned from the layout (core's mmap'd memory is outside NMT's malloc figures).
     */
    private static final List<String> NATIVE_MEMORY_TRACKED = List.of("unsafe", "segment");

    record Collector(String name, String flag) {}

    private static final Collector G1 = new Collector("G1", "-XX:+UseG1GC");

    /** Java 7's default collector, which the post ran. */
    private static final Collector PARALLEL = new Collector("Parallel", "-XX:+UseParallelGC");

    private static final Collector ZGC = new Collector("ZGC", "-XX:+UseZGC");

    /** One forked JVM: a collector, a storage, and whether System.gc() ran before each run. */
    record Config(Collector collector, String storage, boolean systemGc) {
        String label() {
            return collector.name() + " " + storage + (systemGc ? "" : " (no System.gc)");
        }

        /** The collector, and whether System.gc() ran before each run: a chart series. */
        String series() {
            return collector.name() + (systemGc ? "" : " (no System.gc)");
        }
    }

    /**
     * One fork's figures over its runs: the steady runs (after run 0) summarised, run 0, the GC pauses
     * of every run, and the median bytes per record.
     */
    record Figures(
            Config config,
            List<TradeTableRun.Run> runs,
            Summary steady,
            double firstRunMs,
            int gcCount,
            double totalPauseMs,
            double longestPauseMs,
            double heapBytesPerRecord,
            double offHeapBytesPerRecord,
            double nativeBytesPerRecord) {

        static Figures of(Config c, List<TradeTableRun.Run> rs) {
            double[] steady = rs.stream()
                    .filter(r -> r.run() > 0)
                    .mapToDouble(TradeTableRun.Run::durationMs)
                    .toArray();
            return new Figures(
                    c,
                    rs,
                    Summary.of(
                            steady.length > 0
                                    ? steady
                                    : new double[] {rs.getFirst().durationMs()}),
                    rs.getFirst().durationMs(),
                    rs.stream().mapToInt(TradeTableRun.Run::gcCount).sum(),
                    rs.stream().mapToDouble(TradeTableRun.Run::gcPauseTotalMs).sum(),
                    rs.stream()
                            .mapToDouble(TradeTableRun.Run::gcPauseLongestMs)
                            .max()
                            .orElse(0),
                    Summary.of(rs.stream()
                                    .mapToDouble(TradeTableRun.Run::heapBytesPerRecord)
                                    .toArray())
                            .median(),
                    Summary.of(rs.stream()
                                    .mapToDouble(TradeTableRun.Run::offHeapBytesPerRecord)
                                    .toArray())
                            .median(),
                    rs.stream().allMatch(r -> Double.isNaN(r.nativeBytesPerRecord()))
                            ? Double.NaN
                            : Summary.of(rs.stream()
                                            .mapToDouble(TradeTableRun.Run::nativeBytesPerRecord)
                                            .filter(b -> !Double.isNaN(b))
                                            .toArray())
                                    .median());
        }

        /**
         * The storage's own size: the heap's growth for objects; for the others the native memory Native Memory
         * Tracking saw it take where the fork tracked it, else what the table says it allocated off the heap.
         */
        double bytesPerRecord() {
            if (config.storage().equals("objects")) {
                return heapBytesPerRecord;
            }
            return Double.isNaN(nativeBytesPerRecord) ? offHeapBytesPerRecord : nativeBytesPerRecord;
        }

        /** The duration of each run after the first. */
        List<Double> steadyMs() {
            return runs.stream()
                    .filter(r -> r.run() > 0)
                    .map(TradeTableRun.Run::durationMs)
                    .toList();
        }

        /** One figure of each run, NaN ones left out. */
        List<Double> perRun(java.util.function.ToDoubleFunction<TradeTableRun.Run> figure) {
            return runs.stream()
                    .mapToDouble(figure)
                    .filter(v -> !Double.isNaN(v))
                    .boxed()
                    .toList();
        }
    }

    @Override
    public String id() {
        return "offheap-structures";
    }

    @Override
    public String title() {
        return "Trade table: Java objects vs off-heap structures (Unsafe, FFM)";
    }

    @Override
    public Seed seed() {
        return SeedPosts.COMPACT_OFF_HEAP_STRUCTURES;
    }

    /** The post's runs after its first, summarised as this run's are (run 0 is warm-up in both). */
    private static Summary steadyRuns(double[] runs) {
        return Summary.of(java.util.Arrays.copyOfRange(runs, 1, runs.length));
    }

    @Override
    public String claim() {
        return "An off-heap array of 42-byte trade structures is 14-43x faster to build and scan than an array of"
                + " Java objects, which need ~40% more memory for the same data, and has no long GC pauses.";
    }

    @Override
    public List<Table> seedFigures() {
        List<Table> tables = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, double[][]> machine : SEED_RUNS_MS.entrySet()) {
            i++;
            tables.add(Table.seed(
                            "seed-durations-" + i,
                            "init + scan of 50M trades, runs 1..4 (run 0 shown apart, as ours), System.gc() before"
                                    + " each",
                            machine.getKey())
                    .column("storage")
                    .summaryColumns("ms")
                    .column("run 0", "ms")
                    .row("objects", steadyRuns(machine.getValue()[0]), machine.getValue()[0][0])
                    .row("unsafe", steadyRuns(machine.getValue()[1]), machine.getValue()[1][0])
                    .note("objects: java -server -Xms4g -Xmx4g; unsafe: java -server (default heap).")
                    .build());
        }
        tables.add(Table.seed("seed-memory", "bytes per trade record", "both machines (the post's arithmetic)")
                .column("storage")
                .column("bytes per record", "bytes")
                .row("objects", SEED_HEAP_BYTES / SEED_RECORDS)
                .row("unsafe", 42.0)
                .note("objects: (total - free - base JVM) / 50M = 2,883,248,712 / 50M; off-heap: 42 bytes a record.")
                .build());
        tables.addAll(SeedGcFigures.tables());
        return tables;
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        int records = profile.pick(200_000, 10_000_000, 50_000_000);
        int runs = profile.pick(2, 5, 5);
        // the post's effect needs its nearly full heap: 50M trades in 4 GiB, the same share of a smaller one
        boolean postsFill = profile != Profile.TINY;
        long heapMiB = postsFill ? postsFillHeapMiB(records) : 512;
        String heapFlags = "-Xms" + heapMiB + "m -Xmx" + heapMiB + "m";

        List<Config> configs = configs(profile);
        Map<Config, List<TradeTableRun.Run>> results = new LinkedHashMap<>();
        context.progress().start(records + " trades x " + runs + " runs, " + configs.size() + " JVMs", configs.size());
        for (Config config : configs) {
            String name = config.collector().name() + "-" + config.storage() + (config.systemGc() ? "" : "-nogc");
            List<String> jvmArgs = new ArrayList<>(List.of(
                    "-Xms" + heapMiB + "m",
                    "-Xmx" + heapMiB + "m",
                    config.collector().flag()));
            if (NATIVE_MEMORY_TRACKED.contains(config.storage())) {
                jvmArgs.add("-XX:NativeMemoryTracking=summary");
            }
            ForkedJvm fork = context.fork(TradeTableRun.class).name(name);
            if (config.collector() == G1 && config.systemGc()) {
                fork.profiled(name); // with --profiler async: a flame graph per storage, under G1
            }
            List<TradeTableRun.Run> out = fork.jvmArgs(jvmArgs)
                    .input(new TradeTableRun.Input(
                            config.storage(),
                            records,
                            runs,
                            config.systemGc(),
                            context.workDir().resolve(name + ".jfr").toString()))
                    .timeoutSeconds(1800)
                    .run(TradeTableRun.Run.class);
            results.put(config, out);
            context.progress().step();
        }

        List<Figures> figures = new ArrayList<>();
        results.forEach((config, runsOf) -> figures.add(Figures.of(config, runsOf)));
        OffHeapReport.forkedRuns(result, figures, records, runs, heapFlags);
        OffHeapReport.headlines(result, figures);
        if (postsFill) {
            result.note(String.format(
                    Locale.ROOT,
                    "Every fork runs with the heap as full as the post's: %,d trades in %,d MiB, as 50M in 4 GiB."
                            + " The verdict is judged under Parallel, the collector the post ran (Java 7's"
                            + " default); G1%s are figures beyond the post, and the goals'.",
                    records,
                    heapMiB,
                    profile == Profile.FULL ? " and ZGC" : ""));
        }
        result.verdict(OffHeapClaims.judge(claimFigures(figures, postsFill)));

        Map<String, List<Double>> jmhForkMs = scanAgainstCeiling(context, result, profile, records);
        Map<String, List<Double>> g1RunMs = new LinkedHashMap<>();
        List<Double> offHeapPauses = new ArrayList<>();
        List<Double> coreRecordBytes = new ArrayList<>();
        for (Figures f : figures) {
            if (f.config().storage().equals("core-aos")) {
                f.runs().forEach(r -> coreRecordBytes.add(r.offHeapBytesPerRecord()));
            }
            if (f.config().collector() == G1 && f.config().systemGc()) {
                g1RunMs.put(f.config().storage(), f.steadyMs());
            }
            if (!f.config().storage().equals("objects")) {
                f.runs().forEach(r -> offHeapPauses.add(r.gcPauseLongestMs()));
            }
        }
        OffHeapGoals.judge(new OffHeapGoals.Figures(g1RunMs, jmhForkMs, offHeapPauses, coreRecordBytes))
                .forEach(result::goal);
    }

    /** The heap that {@code records} trades fill as 50M filled the post's 4 GiB, in MiB. */
    static long postsFillHeapMiB(int records) {
        return Math.round(4096.0 * records / SEED_RECORDS);
    }

    /**
     * The forks: the post's collector (Parallel) for the verdict, G1 for every storage (the goals),
     * and in the full profile ZGC and the runs without System.gc() the post invites; in the tiny profile
     * only the storages the verdict and the goals read.
     */
    private static List<Config> configs(Profile profile) {
        boolean tiny = profile == Profile.TINY;
        List<Config> configs = new ArrayList<>();
        for (String storage : STORAGES_OTHER_COLLECTORS) {
            if (!tiny || TINY_PARALLEL.contains(storage)) {
                configs.add(new Config(PARALLEL, storage, true));
            }
        }
        for (String storage : STORAGES) {
            if (!tiny || TINY_G1.contains(storage)) {
                configs.add(new Config(G1, storage, true));
            }
        }
        if (profile == Profile.FULL) {
            for (String storage : STORAGES_OTHER_COLLECTORS) {
                configs.add(new Config(ZGC, storage, true));
            }
            for (String storage : STORAGES) {
                if (!STORAGES_G1_ONLY_WITH_GC.contains(storage)) {
                    configs.add(new Config(G1, storage, false));
                }
            }
        }
        return configs;
    }

    /** The verdict's figures: the post's collector, System.gc() before each run, as the post. */
    private static OffHeapClaims.Figures claimFigures(List<Figures> figures, boolean postsFill) {
        Figures objects = find(figures, PARALLEL, "objects");
        Figures unsafe = find(figures, PARALLEL, "unsafe");
        return new OffHeapClaims.Figures(
                PARALLEL.name(),
                postsFill,
                objects == null ? List.of() : objects.steadyMs(),
                unsafe == null ? List.of() : unsafe.steadyMs(),
                objects == null ? List.of() : objects.perRun(TradeTableRun.Run::heapBytesPerRecord),
                unsafe == null ? List.of() : unsafe.perRun(TradeTableRun.Run::nativeBytesPerRecord),
                unsafe == null ? List.of() : unsafe.perRun(TradeTableRun.Run::gcPauseLongestMs),
                objects == null ? List.of() : objects.perRun(TradeTableRun.Run::gcPauseLongestMs));
    }

    /** The figures of {@code storage} under {@code collector} with System.gc() before each run, or null. */
    static Figures find(List<Figures> figures, Collector collector, String storage) {
        return figures.stream()
                .filter(f -> f.config().collector() == collector
                        && f.config().storage().equals(storage)
                        && f.config().systemGc())
                .findFirst()
                .orElse(null);
    }

    /**
     * JMH: the scan alone per storage, the same scan by hand over the columns, and a plain sequential
     * read of the same bytes as the memory-bandwidth ceiling ({@link TradeScanBenchmark}); returns
     * the mean ms per scan of each fork, by benchmark.
     */
    private static Map<String, List<Double>> scanAgainstCeiling(
            RunContext context, ExperimentResult.Builder result, Profile profile, int records) throws Exception {
        mechsym.lab.JmhBenchmarks jmh = context.jmh();
        int iterations = profile.pick(1, 2, 5);
        List<mechsym.lab.JmhBenchmarks.Score> scores = jmh.run(jmh.options(profile.pick("-Xmx1g", "-Xmx4g", "-Xmx14g"))
                .include(TradeScanBenchmark.class.getName() + "."
                        + (profile == Profile.FULL ? "" : "(scanUnsafe|scanFlyweight|scanColumnar|scanColumnsByHand)"))
                .param("records", Integer.toString(records))
                .forks(profile.pick(1, 3, 5))
                .warmupIterations(profile.pick(1, 2, 3))
                .warmupTime(org.openjdk.jmh.runner.options.TimeValue.milliseconds(profile.pick(100, 1000, 2000)))
                .measurementIterations(iterations)
                .measurementTime(org.openjdk.jmh.runner.options.TimeValue.milliseconds(profile.pick(100, 1000, 2000))));
        Map<String, Double> ms = new LinkedHashMap<>();
        Map<String, Double> error = new LinkedHashMap<>();
        Map<String, List<Double>> forkMs = new LinkedHashMap<>();
        for (mechsym.lab.JmhBenchmarks.Score score : scores) {
            ms.put(score.method(), score.score());
            error.put(score.method(), score.error());
            forkMs.put(score.method(), forkMeans(score.iterations(), iterations));
        }
        OffHeapReport.scanTable(result, records, ms, error);
        return forkMs;
    }

    /** The mean of each fork's {@code perFork} iterations (JMH lists them forks in turn). */
    static List<Double> forkMeans(List<Double> iterations, int perFork) {
        List<Double> means = new ArrayList<>();
        for (int from = 0; from + perFork <= iterations.size(); from += perFork) {
            means.add(iterations.subList(from, from + perFork).stream()
                    .mapToDouble(Double::doubleValue)
                    .average()
                    .orElseThrow());
        }
        return means;
    }
}
