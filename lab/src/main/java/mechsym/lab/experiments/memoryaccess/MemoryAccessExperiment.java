package mechsym.lab.experiments.memoryaccess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
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
    private enum Storage {
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
    record Walk(Stride stride, Storage storage, int round, double nsPerOp, double warmUpNsPerOp) {}

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long bytes = profile.pick(16L << 20, 1L << 30, 2L << 30);
        int rounds = profile.pick(2, 3, 5);
        int runsPerFork = profile.pick(2, 2, 3); // the first is warm-up
        String heap = profile.pick("-Xmx256m", "-Xmx2g", "-Xmx4g");
        List<String> perf = perfStatAvailable()
                ? List.of("L1-dcache-loads", "L1-dcache-load-misses", "dTLB-loads", "dTLB-load-misses")
                : List.of();

        // every round forks the post's three walks over the long[] in turn; the first round also the
        // update's walk and the storages beyond the post, shown beside the verdict
        List<Stride> postsWalks = List.of(Stride.LINEAR_WALK, Stride.RANDOM_PAGE_WALK, Stride.RANDOM_HEAP_WALK);
        List<List<Walk>> plan = new ArrayList<>();
        int forks = 0;
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
            forks += forksOfRound.size();
        }

        List<Walk> walks = new ArrayList<>();
        Map<Walk, Map<String, Long>> counters = new LinkedHashMap<>();
        context.progress()
                .start("walks over " + (bytes >> 20) + " MiB, " + rounds + " rounds, " + forks + " JVMs", forks);
        for (List<Walk> round : plan) {
            for (Walk planned : round) {
                String runName =
                        planned.stride().name() + "-" + planned.storage().name() + "-round" + planned.round();
                List<String> wrapper = new ArrayList<>();
                Path perfOut = context.workDir().resolve(runName + ".perf.csv");
                if (!perf.isEmpty()) {
                    wrapper.addAll(List.of(
                            "perf", "stat", "-x,", "-o", perfOut.toString(), "-e", String.join(",", perf), "--"));
                }
                List<MemoryWalk.Run> out = context.fork(MemoryWalk.class)
                        .name(runName)
                        .wrapWith(wrapper)
                        .jvmArgs(heap, "-XX:+AlwaysPreTouch")
                        .jvmArgs(planned.storage().flags)
                        .args(planned.storage().arg, planned.stride().name(), bytes, runsPerFork)
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
                if (!perf.isEmpty() && planned.round() == 0) {
                    counters.put(walk, readPerf(perfOut));
                }
                context.progress().step();
            }
        }

        Table.Builder ours = Table.measured(
                        "measured",
                        "ns per word, " + (bytes >> 20) + " MiB, one JVM per walk and round (" + (runsPerFork - 1)
                                + " run after a warm-up each)")
                .column("walk")
                .column("storage")
                .summaryColumns("ns/op")
                .column("warm-up run", "ns/op")
                .column("rounds", "count")
                .note("JVM flags: " + heap + " -XX:+AlwaysPreTouch; +THP adds -XX:+UseTransparentHugePages. Checksum"
                        + " (777 x words) verified after every run. The post's three walks over the long[] run "
                        + rounds + " rounds, forked in turn; the update's walk and the other storages one round."
                        + " Summary over the rounds; warm-up: the first round's.");
        for (Storage storage : Storage.values()) {
            for (Stride stride : Stride.values()) {
                List<Walk> of = walksOf(walks, stride, storage);
                if (!of.isEmpty()) {
                    ours.row(
                            stride.name(),
                            storage.label,
                            Summary.of(of.stream().mapToDouble(Walk::nsPerOp).toArray()),
                            of.getFirst().warmUpNsPerOp(),
                            of.size());
                }
            }
        }
        result.table(ours.build());
        result.note(largePrimeStrideNote(bytes / Long.BYTES));
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

        if (!counters.isEmpty()) {
            Table.Builder c = Table.measured("counters", "perf stat counters per JVM (all runs, first round)")
                    .column("walk")
                    .column("storage");
            perf.forEach(event -> c.column(event, "events"));
            counters.forEach((walk, values) -> {
                List<Object> row = new ArrayList<>(List.of(walk.stride().name(), walk.storage().label));
                perf.forEach(event -> row.add(values.get(event)));
                c.row(row.toArray());
            });
            result.table(c.build());
        } else {
            result.note("Hardware counters (L1d and dTLB misses) were not available: perf stat reports no hardware"
                    + " events on this machine (typical of VMs, 'PMU not available due to virtualization').");
        }

        List<String> chartTables = new ArrayList<>();
        for (int i = 1; i <= SEED_RUNS.size(); i++) {
            chartTables.add("seed-" + i);
        }
        chartTables.add("measured");
        result.chart(Chart.bar(
                        "ns-per-walk",
                        "ns per word by walk: the post's machines and this one",
                        chartTables,
                        "walk",
                        "median",
                        "storage",
                        "ns/op (median, log scale)")
                .withLogY());

        headlines(result, walks);
        result.verdict(MemoryAccessClaims.judge(new MemoryAccessClaims.Figures(
                profile != Profile.TINY,
                nsPerOp(walks, Stride.LINEAR_WALK, Storage.LONG_ARRAY),
                nsPerOp(walks, Stride.RANDOM_PAGE_WALK, Storage.LONG_ARRAY),
                nsPerOp(walks, Stride.RANDOM_HEAP_WALK, Storage.LONG_ARRAY))));
    }

    private static List<Walk> walksOf(List<Walk> walks, Stride stride, Storage storage) {
        return walks.stream()
                .filter(w -> w.stride() == stride && w.storage() == storage)
                .sorted(java.util.Comparator.comparingInt(Walk::round))
                .toList();
    }

    /** The ns per word of each round's walk, in round order. */
    private static List<Double> nsPerOp(List<Walk> walks, Stride stride, Storage storage) {
        return walksOf(walks, stride, storage).stream().map(Walk::nsPerOp).toList();
    }

    private static void headlines(ExperimentResult.Builder result, List<Walk> walks) {
        for (Storage storage : Storage.values()) {
            List<Double> linear = nsPerOp(walks, Stride.LINEAR_WALK, storage);
            List<Double> page = nsPerOp(walks, Stride.RANDOM_PAGE_WALK, storage);
            List<Double> heap = nsPerOp(walks, Stride.RANDOM_HEAP_WALK, storage);
            if (linear.isEmpty() || page.isEmpty() || heap.isEmpty()) {
                continue;
            }
            double l = Summary.of(linear).median();
            double p = Summary.of(page).median();
            double h = Summary.of(heap).median();
            result.headline(String.format(
                    Locale.ROOT,
                    "%-14s linear %.2f, page %.2f, heap %.2f ns/op (heap/linear %.0fx)%s",
                    storage.label,
                    l,
                    p,
                    h,
                    h / l,
                    l < p && p < h ? "" : "  <- not in the post's order"));
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
