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
 * Measured as the post did: one forked JVM per (storage, walk), the array filled with 777, several
 * runs in that JVM, ns per word read, the checksum (777 x words) verified after every run. The
 * first run is shown as warm-up and left out of min/median/max. Beyond the post: the same walks
 * over an off-heap MemorySegment (FFM), and the long[] with -XX:+UseTransparentHugePages (this
 * kernel's THP mode is madvise, so the JVM must ask for them). Forks are interleaved by walk so
 * drift on this shared machine spreads over all variants.
 *
 * Sensitive to: the array's size against the last-level cache, huge pages (TLB reach), other
 * guests on the host. Hardware counters (L1d, dTLB misses) come from `perf stat` when the
 * machine exposes them; on most VMs it does not, and the report says so.
 *
 * Quick profile: about 70 s: 12 forked JVMs over 1 GiB, three runs each, on 2 vCPUs (an estimate
 * from its forks and iterations; `./mechsym lab memory-access` prints the measured time as 'done in
 * N s').
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

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long bytes = profile.pick(16L << 20, 1L << 30, 2L << 30);
        int runs = profile.pick(2, 3, 5); // the first is warm-up
        String heap = profile.pick("-Xmx256m", "-Xmx2g", "-Xmx4g");
        List<String> perf = perfStatAvailable()
                ? List.of("L1-dcache-loads", "L1-dcache-load-misses", "dTLB-loads", "dTLB-load-misses")
                : List.of();

        Map<String, List<Double>> samples = new LinkedHashMap<>();
        Map<String, Double> warmUp = new LinkedHashMap<>();
        Map<String, Map<String, Long>> counters = new LinkedHashMap<>();
        int forks = Stride.values().length * Storage.values().length;
        context.progress().start("walks over " + (bytes >> 20) + " MiB, " + forks + " JVMs", forks);
        for (Stride stride : Stride.values()) {
            for (Storage storage : Storage.values()) {
                String key = stride.name() + "|" + storage.label;
                String runName = stride.name() + "-" + storage.name();
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
                        .jvmArgs(storage.flags)
                        .args(storage.arg, stride.name(), bytes, runs)
                        .timeoutSeconds(900)
                        .run(MemoryWalk.Run.class);
                for (MemoryWalk.Run r : out) {
                    if (r.run() == 0) {
                        warmUp.put(key, r.nsPerOp());
                    } else {
                        samples.computeIfAbsent(key, k -> new ArrayList<>()).add(r.nsPerOp());
                    }
                }
                if (!perf.isEmpty()) {
                    counters.put(key, readPerf(perfOut));
                }
                context.progress().step();
            }
        }

        Table.Builder ours = Table.measured(
                        "measured",
                        "ns per word, " + (bytes >> 20) + " MiB, " + (runs - 1)
                                + " runs after one warm-up, one JVM per row")
                .column("walk")
                .column("storage")
                .summaryColumns("ns/op")
                .column("warm-up run", "ns/op")
                .note("JVM flags: " + heap + " -XX:+AlwaysPreTouch; +THP adds -XX:+UseTransparentHugePages. Checksum"
                        + " (777 x words) verified after every run.");
        Map<String, Summary> medians = new LinkedHashMap<>();
        for (Map.Entry<String, List<Double>> e : samples.entrySet()) {
            String[] k = e.getKey().split("\\|");
            Summary s = Summary.of(e.getValue());
            medians.put(e.getKey(), s);
            ours.row(k[0], k[1], s, warmUp.get(e.getKey()));
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
            Table.Builder c = Table.measured("counters", "perf stat counters per JVM (all runs)")
                    .column("walk")
                    .column("storage");
            perf.forEach(event -> c.column(event, "events"));
            counters.forEach((key, values) -> {
                List<Object> row = new ArrayList<>(List.of(key.split("\\|")));
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

        verdict(result, medians);
    }

    private static void verdict(ExperimentResult.Builder result, Map<String, Summary> medians) {
        List<MemoryAccessVerdict.Walks> walks = new ArrayList<>();
        for (Storage storage : Storage.values()) {
            Double linear = median(medians, Stride.LINEAR_WALK, storage);
            Double page = median(medians, Stride.RANDOM_PAGE_WALK, storage);
            Double heap = median(medians, Stride.RANDOM_HEAP_WALK, storage);
            MemoryAccessVerdict.Walks w = new MemoryAccessVerdict.Walks(storage.label, linear, page, heap);
            walks.add(w);
            if (w.complete()) {
                result.headline(String.format(
                        Locale.ROOT,
                        "%-14s linear %.2f, page %.2f, heap %.2f ns/op (heap/linear %.0fx)%s",
                        storage.label,
                        linear,
                        page,
                        heap,
                        w.heapOverLinear(),
                        w.inOrder() ? "" : "  <- not in the post's order"));
            }
        }
        result.verdict(MemoryAccessVerdict.judge(walks));
    }

    private static Double median(Map<String, Summary> medians, Stride stride, Storage storage) {
        Summary s = medians.get(stride.name() + "|" + storage.label);
        return s == null ? null : s.median();
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
