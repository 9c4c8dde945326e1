package mechsym.lab.experiments.memoryaccess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Environment;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.experiments.memoryaccess.MemoryWalk.Stride;
import mechsym.lab.seeds.SeedPosts;

/*
 * Seed 000, "Memory Access Patterns Are Important" (Martin Thompson, Mechanical Sympathy, 2012).
 *
 * Claim: the more predictable the pattern of access to memory, the better the caches, prefetchers
 * and TLBs hide main-memory latency: a linear walk costs ~1 ns a word, a random walk inside one
 * 2 MiB page a few ns, a random walk over the whole 2 GiB array tens of ns.
 *
 *   LINEAR_WALK        pos = (pos + 1) & ARRAY_MASK                  spatial + striding bets win
 *   RANDOM_PAGE_WALK   pos = page + ((pos + 514229) & PAGE_MASK)     temporal bet: page stays in TLB/L2/L3
 *   RANDOM_HEAP_WALK   pos = (pos + 514229) & ARRAY_MASK             every bet lost: a miss per word
 *   ..._LARGE_PRIME    the post's 06-Aug update: (int)(pos + 70368760954879L) & ARRAY_MASK
 *
 * Measured as the post did: one forked JVM per walk, the array filled with 777, a warm-up run and
 * then the measured run(s), ns per word read, the checksum (777 x words) verified after every run.
 * The post's three walks over its long[] run in rounds, forked in turn within each round, and the
 * verdict (MemoryAccessClaims) decides by the per-round ratios of the walks. Beyond the post, in
 * the first round: the update's LARGE_PRIME walk, the same walks over an off-heap MemorySegment
 * (FFM), and the long[] with -XX:+UseTransparentHugePages (this kernel's THP mode is madvise, so the
 * JVM must ask for them).
 *
 * Sensitive to: the array's size against the last-level cache, huge pages (TLB reach), other
 * guests on the host. Hardware counters (L1d, dTLB misses) come from `perf stat` when the
 * machine exposes them; on most VMs it does not, and the report says so.
 *
 * Quick profile: 3 rounds of the post's three walks and one of the rest, 18 forked JVMs over 1 GiB,
 * two runs each, on 2 vCPUs (`./mechsym lab memory-access` prints the measured time as 'done in N
 * s').
 */
public final class MemoryAccessExperiment implements Experiment {

    /** The post's three machines, five runs each, ns/op (reference data, the seed's). */
    private static final Map<String, double[][]> SEED_RUNS = new LinkedHashMap<>();

    static {
        SEED_RUNS.put("Intel U4100 @ 1.3GHz, DDR2 800, Windows 7, Java 1.7.0_05", new double[][] {
            {2.38, 2.41, 2.35, 2.36, 2.39},
            {12.45, 12.27, 12.17, 12.22, 12.18},
            {152.86, 151.80, 151.72, 151.91, 151.36}
        });
        SEED_RUNS.put("Intel i7-860 @ 2.8GHz (Nehalem), DDR3 1333, Windows 7, Java 1.7.0_05", new double[][] {
            {1.06, 1.05, 0.98, 1.00, 1.00}, {3.80, 3.85, 3.79, 3.65, 3.64}, {30.04, 29.05, 29.14, 28.88, 29.57}
        });
        SEED_RUNS.put("Intel i7-2760QM @ 2.4GHz (Sandy Bridge), DDR3 1600, Linux 3.4.6, Java 1.7.0_05", new double[][] {
            {0.91, 0.92, 0.88, 0.89, 0.89}, {3.29, 3.35, 3.33, 3.31, 3.30}, {9.58, 9.20, 9.44, 9.46, 9.47}
        });
    }

    /** The 06-Aug-2012 update: RANDOM_HEAP_WALK with LARGE_PRIME_INC on the Sandy Bridge. */
    private static final double[] SEED_LARGE_PRIME_SANDY_BRIDGE = {29.06, 29.47, 29.48, 29.43, 29.42};

    private static final String SANDY_BRIDGE =
            "Intel i7-2760QM @ 2.4GHz (Sandy Bridge), DDR3 1600, Linux 3.4.6, Java 1.7.0_05";

    /** The storages compared, with the JVM flags each runs under. */
    enum Storage {
        LONG_ARRAY("long[]", "long", List.of()),
        LONG_ARRAY_THP("long[] +THP", "long", List.of("-XX:+UseTransparentHugePages")),
        SEGMENT("MemorySegment", "segment", List.of());

        final String label;
        final String arg;
        final List<String> flags;

        Storage(String label, String arg, List<String> flags) {
            this.label = label;
            this.arg = arg;
            this.flags = flags;
        }
    }

    @Override
    public String id() {
        return "memory-access";
    }

    @Override
    public String title() {
        return "Memory access patterns: linear, random in a page, random over the heap";
    }

    @Override
    public Seed seed() {
        return SeedPosts.MEMORY_ACCESS_PATTERNS;
    }

    @Override
    public String claim() {
        return "The more predictable the access pattern, the cheaper each access: LINEAR_WALK < RANDOM_PAGE_WALK"
                + " < RANDOM_HEAP_WALK in ns per word, by about an order of magnitude from first to last.";
    }

    @Override
    public List<Table> seedFigures() {
        List<Table> tables = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, double[][]> machine : SEED_RUNS.entrySet()) {
            Table.Builder t = Table.seed("seed-" + (++i), "ns per word, 2 GiB long[], 5 runs", machine.getKey())
                    .column("walk")
                    .summaryColumns("ns/op");
            Stride[] strides = {Stride.LINEAR_WALK, Stride.RANDOM_PAGE_WALK, Stride.RANDOM_HEAP_WALK};
            for (int s = 0; s < strides.length; s++) {
                t.row(strides[s].name(), Summary.of(machine.getValue()[s]));
            }
            if (machine.getKey().equals(SANDY_BRIDGE)) {
                t.row(Stride.RANDOM_HEAP_WALK_LARGE_PRIME.name(), Summary.of(SEED_LARGE_PRIME_SANDY_BRIDGE));
                t.note("RANDOM_HEAP_WALK_LARGE_PRIME is the post's 06-Aug-2012 update; the post gives it for this"
                        + " Sandy Bridge only.");
            }
            tables.add(t.build());
        }
        tables.addAll(SeedCounters.tables());
        return tables;
    }

    /** One fork's walk: the run after its warm-up, and the warm-up. */
    record Walk(Stride stride, Storage storage, int round, double nsPerOp, double warmUpNsPerOp) {
        /** The walks of one stride over one storage, in round order. */
        static List<Walk> of(List<Walk> walks, Stride stride, Storage storage) {
            return walks.stream()
                    .filter(w -> w.stride() == stride && w.storage() == storage)
                    .sorted(Comparator.comparingInt(Walk::round))
                    .toList();
        }

        /** The ns per word of each round's walk of one stride over one storage, in round order. */
        static List<Double> nsPerOp(List<Walk> walks, Stride stride, Storage storage) {
            return of(walks, stride, storage).stream().map(Walk::nsPerOp).toList();
        }
    }

    /**
     * How the walks are forked.
     *
     * @param bytes the array's size
     * @param rounds the rounds of the post's three walks
     * @param runsPerFork the runs of each fork, the first a warm-up
     * @param heap the forks' -Xmx flag
     * @param perf the perf stat events counted, empty when the machine has none
     */
    record Setup(long bytes, int rounds, int runsPerFork, String heap, List<String> perf) {}

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        Setup setup = new Setup(
                profile.pick(16L << 20, 1L << 30, 2L << 30),
                profile.pick(2, 3, 5),
                profile.pick(2, 2, 3), // the first is warm-up
                profile.pick("-Xmx256m", "-Xmx2g", "-Xmx4g"),
                perfStatAvailable()
                        ? List.of("L1-dcache-loads", "L1-dcache-load-misses", "dTLB-loads", "dTLB-load-misses")
                        : List.of());

        Map<Walk, Map<String, Long>> counters = new LinkedHashMap<>();
        List<Walk> walks = walk(context, setup, plan(setup.rounds()), counters);

        MemoryAccessReport.measured(result, setup, walks);
        result.note(largePrimeStrideNote(setup.bytes() / Long.BYTES));
        lastLevelCacheNote(result, setup.bytes());
        if (counters.isEmpty()) {
            result.note("Hardware counters (L1d and dTLB misses) were not available: perf stat reports no hardware"
                    + " events on this machine (typical of VMs, 'PMU not available due to virtualization').");
        } else {
            MemoryAccessReport.counters(result, setup.perf(), counters);
        }
        MemoryAccessReport.chart(result, SEED_RUNS.size());
        MemoryAccessReport.headlines(result, walks);

        result.verdict(MemoryAccessClaims.judge(new MemoryAccessClaims.Figures(
                profile != Profile.TINY,
                Walk.nsPerOp(walks, Stride.LINEAR_WALK, Storage.LONG_ARRAY),
                Walk.nsPerOp(walks, Stride.RANDOM_PAGE_WALK, Storage.LONG_ARRAY),
                Walk.nsPerOp(walks, Stride.RANDOM_HEAP_WALK, Storage.LONG_ARRAY))));
    }

    /**
     * The forks, round by round: every round the post's three walks over the long[] in turn; the first
     * round also the update's walk and the storages beyond the post, shown beside the verdict.
     */
    private static List<List<Walk>> plan(int rounds) {
        List<Stride> postsWalks = List.of(Stride.LINEAR_WALK, Stride.RANDOM_PAGE_WALK, Stride.RANDOM_HEAP_WALK);
        List<List<Walk>> plan = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            List<Walk> forksOfRound = new ArrayList<>();
            for (Stride stride : Rounds.inTurn(postsWalks, round)) {
                forksOfRound.add(new Walk(stride, Storage.LONG_ARRAY, round, Double.NaN, Double.NaN));
            }
            if (round == 0) {
                forksOfRound.add(
                        new Walk(Stride.RANDOM_HEAP_WALK_LARGE_PRIME, Storage.LONG_ARRAY, 0, Double.NaN, Double.NaN));
                for (Storage storage : List.of(Storage.LONG_ARRAY_THP, Storage.SEGMENT)) {
                    for (Stride stride : Stride.values()) {
                        forksOfRound.add(new Walk(stride, storage, 0, Double.NaN, Double.NaN));
                    }
                }
            }
            plan.add(forksOfRound);
        }
        return plan;
    }

    /**
     * One forked JVM per planned walk (under perf stat when it counts), in the plan's order: each walk
     * its steady run's ns per word and its warm-up's. The first round's counters go into {@code counters}.
     */
    private static List<Walk> walk(
            RunContext context, Setup setup, List<List<Walk>> plan, Map<Walk, Map<String, Long>> counters)
            throws Exception {
        int forks = plan.stream().mapToInt(List::size).sum();
        List<Walk> walks = new ArrayList<>();
        context.progress()
                .start(
                        "walks over " + (setup.bytes() >> 20) + " MiB, " + setup.rounds() + " rounds, " + forks
                                + " JVMs",
                        forks);
        for (List<Walk> round : plan) {
            for (Walk planned : round) {
                String runName =
                        planned.stride().name() + "-" + planned.storage().name() + "-round" + planned.round();
                List<String> wrapper = new ArrayList<>();
                Path perfOut = context.workDir().resolve(runName + ".perf.csv");
                if (!setup.perf().isEmpty()) {
                    wrapper.addAll(List.of(
                            "perf",
                            "stat",
                            "-x,",
                            "-o",
                            perfOut.toString(),
                            "-e",
                            String.join(",", setup.perf()),
                            "--"));
                }
                List<MemoryWalk.Run> out = context.fork(MemoryWalk.class)
                        .name(runName)
                        .wrapWith(wrapper)
                        .jvmArgs(setup.heap(), "-XX:+AlwaysPreTouch")
                        .jvmArgs(planned.storage().flags)
                        .input(new MemoryWalk.Input(
                                planned.storage().arg, planned.stride(), setup.bytes(), setup.runsPerFork()))
                        .timeoutSeconds(900)
                        .run(MemoryWalk.Run.class);
                double warmUp = out.stream()
                        .filter(r -> r.run() == 0)
                        .mapToDouble(MemoryWalk.Run::nsPerOp)
                        .findFirst()
                        .orElse(Double.NaN);
                double steady = Summary.of(out.stream()
                                .filter(r -> r.run() > 0)
                                .mapToDouble(MemoryWalk.Run::nsPerOp)
                                .toArray())
                        .median();
                Walk walk = new Walk(planned.stride(), planned.storage(), planned.round(), steady, warmUp);
                walks.add(walk);
                if (!setup.perf().isEmpty() && planned.round() == 0) {
                    counters.put(walk, readPerf(perfOut));
                }
                context.progress().step();
            }
        }
        return walks;
    }

    /** How the array compares with this machine's last-level cache, when the kernel lists one. */
    private static void lastLevelCacheNote(ExperimentResult.Builder result, long bytes) {
        long llc = lastLevelCacheBytes();
        if (llc > 0) {
            result.note(String.format(
                    Locale.ROOT,
                    "The array is %.1fx this machine's last-level cache (%d MiB as the" + " kernel reports it)%s.",
                    (double) bytes / llc,
                    llc >> 20,
                    bytes < 4 * llc
                            ? "; a VM may report the host's whole L3, shared with other guests, so part of"
                                    + " the array may stay cached: the full profile walks the post's 2 GiB"
                            : ""));
        }
    }

    /**
     * What the post's LARGE_PRIME_INC walk does over an array of {@code words} (a power of two): its
     * {@code (int)} cast keeps the increment's low 32 bits, 2^24 - 1, so the walk is not random at all
     * but {@code words / 2^24} interleaved streams, each stepping back as many words per visit (one
     * stream walking backwards word by word when the array is 2^24 words or fewer). How fast that runs
     * depends on the array's size and the machine's prefetchers, as the post's update says.
     */
    static String largePrimeStrideNote(long words) {
        int step = (int) MemoryWalk.LARGE_PRIME_INC;
        long streams = Math.max(1, words / (step + 1L));
        String walk = streams == 1
                ? "one stream walking backwards one word at a time"
                : String.format(
                        Locale.ROOT,
                        "%d interleaved streams, each moving back %d bytes per visit",
                        streams,
                        streams * Long.BYTES);
        return String.format(
                Locale.ROOT,
                "RANDOM_HEAP_WALK_LARGE_PRIME, the post's update, is not a random walk: its (int) cast keeps the low"
                        + " 32 bits of %d, a step of %,d words (128 MiB less 8 bytes), and over this run's %,d"
                        + " words that is %s, which the prefetchers can follow. The post measured it over 2 GiB"
                        + " (16 such streams) at ~29 ns on its Sandy Bridge, where it also found such walks"
                        + " 'very unpredictable' between processors and sizes; compare it with RANDOM_HEAP_WALK,"
                        + " not with the post's figure.",
                MemoryWalk.LARGE_PRIME_INC,
                step,
                words,
                walk);
    }

    /** The largest cache the kernel lists for CPU 0, in bytes, or -1. */
    private static long lastLevelCacheBytes() {
        return Environment.cpu0Caches().stream()
                .mapToLong(Environment.Cache::bytes)
                .max()
                .orElse(-1);
    }

    private static boolean perfStatAvailable() {
        try {
            return Environment.perfCounts("L1-dcache-load-misses", "dTLB-load-misses");
        } catch (IOException e) {
            return false; // perf not installed
        }
    }

    /** perf stat -x, lines: value,unit,event,... */
    private static Map<String, Long> readPerf(Path file) throws IOException {
        Map<String, Long> values = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return values;
        }
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(",");
            if (f.length >= 3 && !line.startsWith("#")) {
                try {
                    values.put(f[2], Long.parseLong(f[0]));
                } catch (NumberFormatException e) {
                    // "<not supported>" or "<not counted>": leave the cell empty
                }
            }
        }
        return values;
    }
}
