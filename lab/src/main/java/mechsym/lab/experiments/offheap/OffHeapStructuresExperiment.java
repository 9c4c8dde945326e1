package mechsym.lab.experiments.offheap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.experiments.offheap.TradeTableRun.Storage;
import mechsym.tools.trades.Trade;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 000, "Compact Off-Heap Structures/Tuples In Java" (Martin Thompson, Mechanical Sympathy, 2012).
 *
 * Claim: a 50M-record trade table built off-heap as an array of 42-byte structures, reached through
 * a flyweight, is 14-43x faster to build and scan than an array of Java objects, takes ~40% less
 * memory, and is free of the multi-second GC pauses the objects cause.
 *
 *   objects:   Trade[] --> [hdr|tradeId|clientId|...|side]  [hdr|...]  ...  one object per record, GC-traced
 *   off-heap:  | 42 B | 42 B | 42 B | ...                   one block, no headers, invisible to the GC
 *              ^ flyweight.moveTo(i): address = base + i * 42
 *
 * Measured as the post did: the post's program (init + scan per run, 5 runs in one JVM, System.gc()
 * before each run, and without it), one forked JVM per storage and collector, each JVM recording
 * JFR so every GC pause is attributed to the run it fell in. Storages: the post's objects, the
 * post's Unsafe flyweight (the reference), the core flyweight (mechsym.core.memory, FFM, no Unsafe)
 * over the same kind of memory, over transparent huge pages, over reused pre-touched memory, and
 * columnar. Then JMH: the scan alone per storage against a plain sequential read of the same bytes.
 *
 * Sensitive to: the heap size against the live set (the post ran -Xms4g -Xmx4g for a ~2.9 GB table:
 * a tight heap), the collector, page faults on fresh memory (one per 4 KiB page unless huge pages),
 * memory bandwidth, and other guests on a shared machine.
 */
public final class OffHeapStructuresExperiment implements Experiment {
    private static final String WINDOWS = "Intel i7-860 @ 2.8GHz, DDR3 1333, Windows 7, Java 1.7.0_07";
    private static final String LINUX = "Intel i7-2760QM @ 2.4GHz, DDR3 1600, Linux 3.4.11, Java 1.7.0_07";

    /** The post's run durations, ms: objects then off-heap, per machine. */
    private static final Map<String, double[][]> SEED_RUNS = new LinkedHashMap<>();

    static {
        SEED_RUNS.put(WINDOWS, new double[][] {{19334, 14295, 14272, 28358, 32487}, {983, 958, 873, 886, 884}});
        SEED_RUNS.put(LINUX, new double[][] {{12262, 9822, 10239, 21558, 23074}, {634, 619, 546, 547, 534}});
    }

    /** "Total time for which application threads were stopped", seconds, objects, Linux machine. */
    private static final double[] SEED_PAUSES_WITH_GC = {
        0.0085280, 0.7280530, 8.1703460, 5.6112210, 1.2531370, 7.6392250, 5.7847050, 1.3070470, 8.2520880, 6.0949910,
        1.3988480, 8.1793240, 6.4138720, 4.4991670, 4.5612290, 0.3598490, 0.7111000, 1.4426750, 1.5931500, 10.9484920,
        7.0707230
    };

    private static final double[] SEED_PAUSES_WITHOUT_GC = {
        0.0170860, 0.7915350, 10.7153320, 5.6234650, 1.2689950, 7.6238170, 6.0114540, 1.2990070, 7.9918480, 5.9997920,
        1.3430040, 8.0759940, 6.3980610, 4.5572100, 4.6193830, 0.3877930, 0.7429270, 1.5248070, 1.5312130, 10.9120250,
        7.3528590
    };

    /** The post's footprint: 42 bytes off-heap; objects 2,883,248,712 bytes of heap for 50M. */
    private static final double SEED_OBJECT_BYTES_PER_RECORD = 2_883_248_712.0 / 50_000_000;

    /** One forked JVM: a storage under a collector and heap, with or without System.gc(). */
    private record Config(Storage storage, String gc, String heapName, List<String> heap, boolean gcBefore) {
        String label() {
            return storage.label + ", " + setup();
        }

        String setup() {
            return gc + ", " + heapName + (gcBefore ? "" : ", no System.gc()");
        }

        String fileName() {
            return (storage.name() + "-" + gc + "-" + heapName + (gcBefore ? "" : "-nogc"))
                    .replaceAll("[^A-Za-z0-9_.-]", "_");
        }
    }

    @Override
    public String id() {
        return "offheap-structures";
    }

    @Override
    public String title() {
        return "Off-heap structures: a 42-byte trade table vs Java objects";
    }

    @Override
    public Seed seed() {
        return new Seed(
                "000_36716061787f48db.txt", "Compact Off-Heap Structures/Tuples In Java", "Martin Thompson", 2012);
    }

    @Override
    public String claim() {
        return "An off-heap array of 42-byte trade structures behind a flyweight is 14-43x faster to build and"
                + " scan than an array of Java objects, ~40% smaller, and free of multi-second GC pauses.";
    }

    @Override
    public List<Table> seedFigures() {
        List<Table> tables = new ArrayList<>();
        int m = 0;
        for (Map.Entry<String, double[][]> machine : SEED_RUNS.entrySet()) {
            m++;
            Table.Builder t = Table.seed("seed-runs-" + m, "duration per run, 50M trades (ms)", machine.getKey())
                    .column("config")
                    .column("run")
                    .column("duration", "ms");
            String[] storages = {"objects, -Xms4g -Xmx4g", "Unsafe"};
            for (int s = 0; s < 2; s++) {
                for (int run = 0; run < 5; run++) {
                    t.row(storages[s], run, machine.getValue()[s][run]);
                }
            }
            tables.add(t.note("System.gc() before each run.").build());
        }
        tables.add(Table.seed("seed-pauses", "GC pauses of the objects program, 5 runs (s)", LINUX)
                .column("mode")
                .column("pauses", "count")
                .column("total", "s")
                .column("longest", "s")
                .row("with System.gc()", SEED_PAUSES_WITH_GC.length, sum(SEED_PAUSES_WITH_GC), max(SEED_PAUSES_WITH_GC))
                .row(
                        "without System.gc()",
                        SEED_PAUSES_WITHOUT_GC.length,
                        sum(SEED_PAUSES_WITHOUT_GC),
                        max(SEED_PAUSES_WITHOUT_GC))
                .note("From the post's -XX:+PrintGCApplicationStoppedTime lines (stopped time, all safepoints).")
                .build());
        tables.add(Table.seed("seed-footprint", "memory per trade", WINDOWS + " / " + LINUX)
                .column("storage")
                .column("bytes per record", "bytes")
                .row("objects", SEED_OBJECT_BYTES_PER_RECORD)
                .row("Unsafe", 42.0)
                .note("Objects: total - free - base JVM (2,883,248,712 bytes) / 50M, the post's own arithmetic.")
                .build());
        return tables;
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        int records = profile.pick(200_000, 10_000_000, 50_000_000);
        int runs = profile.pick(2, 5, 5);
        // the post's heap, -Xms4g -Xmx4g for 50M, scaled to the record count
        long postHeapMb = Math.max(64, 4096L * records / 50_000_000);
        List<String> postHeap = List.of("-Xms" + postHeapMb + "m", "-Xmx" + postHeapMb + "m");
        List<String> roomyHeap = List.of(profile.pick("-Xmx512m", "-Xmx3g", "-Xmx12g"));
        List<String> smallHeap = List.of("-Xmx256m");
        String post = "post's heap " + postHeapMb + "m";
        String roomy = "heap " + roomyHeap.get(0).substring(4);
        String small = "heap 256m";

        List<Config> configs = new ArrayList<>();
        // reference pairs first, adjacent, so they see the same machine state
        configs.add(new Config(Storage.UNSAFE, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.FLYWEIGHT, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.UNSAFE_THP, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.FLYWEIGHT_THP, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.FLYWEIGHT_REUSED, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.COLUMNAR_THP, "G1", small, smallHeap, true));
        configs.add(new Config(Storage.OBJECTS, "G1", post, postHeap, true));
        configs.add(new Config(Storage.OBJECTS, "G1", post, postHeap, false));
        configs.add(new Config(Storage.OBJECTS, "G1", roomy, roomyHeap, true));
        configs.add(new Config(Storage.OBJECTS, "G1", roomy, roomyHeap, false));
        configs.add(new Config(Storage.OBJECTS, "Parallel", roomy, roomyHeap, true));
        configs.add(new Config(Storage.OBJECTS, "ZGC", roomy, roomyHeap, true));
        configs.add(new Config(Storage.FLYWEIGHT_THP, "G1", small, smallHeap, false));
        configs.add(new Config(Storage.FLYWEIGHT_THP, "Parallel", small, smallHeap, true));
        configs.add(new Config(Storage.FLYWEIGHT_THP, "ZGC", small, smallHeap, true));

        Map<Config, List<RunFigures>> figures = new LinkedHashMap<>();
        Map<Storage, TradeTableRun.Footprint> footprints = new LinkedHashMap<>();
        context.progress()
                .start(configs.size() + " JVMs x " + runs + " runs of " + records + " trades", configs.size());
        for (Config config : configs) {
            Path jfr = context.workDir().resolve(config.fileName() + ".jfr");
            List<String> flags = new ArrayList<>(config.heap());
            flags.add(gcFlag(config.gc()));
            flags.add(GcPauses.recordingFlag(jfr));
            List<Object> out = new ArrayList<>();
            for (Map<?, ?> line : context.fork(TradeTableRun.class)
                    .name(config.fileName())
                    .jvmArgs(flags)
                    .args(config.storage().name(), records, runs, config.gcBefore())
                    .timeoutSeconds(profile.pick(120, 900, 3600))
                    .run(Map.class)) {
                out.add(line);
            }
            List<GcPauses.Collection> collections = GcPauses.read(jfr);
            List<RunFigures> runFigures = new ArrayList<>();
            for (Object line : out) {
                Map<?, ?> map = (Map<?, ?>) line;
                if (map.containsKey("run")) {
                    long from = ((Number) map.get("startMicros")).longValue();
                    long to = ((Number) map.get("endMicros")).longValue();
                    runFigures.add(new RunFigures(
                            ((Number) map.get("run")).intValue(),
                            ((Number) map.get("totalMs")).doubleValue(),
                            ((Number) map.get("initMs")).doubleValue(),
                            ((Number) map.get("scanMs")).doubleValue(),
                            GcPauses.within(collections, from, to)));
                } else if (config.gcBefore()) {
                    footprints.putIfAbsent(
                            config.storage(),
                            new TradeTableRun.Footprint(
                                    config.storage().name(),
                                    ((Number) map.get("records")).longValue(),
                                    ((Number) map.get("offHeapBytes")).longValue(),
                                    ((Number) map.get("heapBytes")).longValue()));
                }
            }
            figures.put(config, runFigures);
            context.progress().step();
        }

        runTables(result, figures, records, runs);
        Map<Storage, Double> bytesPerRecord = footprintTable(result, footprints);
        Map<String, Double> ceiling = jmhOrNote(context, result, profile, records);
        goalsAndVerdict(result, figures, bytesPerRecord, ceiling, post, roomy, small, records);
    }

    private record RunFigures(int run, double totalMs, double initMs, double scanMs, GcPauses.Window pauses) {}

    private static String gcFlag(String gc) {
        return switch (gc) {
            case "G1" -> "-XX:+UseG1GC";
            case "Parallel" -> "-XX:+UseParallelGC";
            case "ZGC" -> "-XX:+UseZGC";
            default -> throw new IllegalArgumentException(gc);
        };
    }

    private static void runTables(
            ExperimentResult.Builder result, Map<Config, List<RunFigures>> figures, int records, int runs) {
        Table.Builder perRun = Table.measured("runs", "duration per run, " + records + " trades (init + scan)")
                .column("config")
                .column("run")
                .column("duration", "ms")
                .column("init", "ms")
                .column("scan", "ms")
                .column("GC pauses", "count")
                .column("GC pause total", "ms")
                .column("longest GC pause", "ms")
                .column("GC (collector: cause)")
                .note("GC pauses from JFR jdk.GarbageCollection events that started inside the run.");
        Table.Builder summary = Table.measured(
                        "summary", "steady runs (all but the first), " + records + " trades, init + scan")
                .column("config")
                .column("storage")
                .column("setup")
                .summaryColumns("ms")
                .column("first run", "ms")
                .column("GC pauses", "count")
                .column("longest GC pause", "ms")
                .note("One JVM per row; " + runs + " runs; the first is warm-up (JIT, first page faults) and"
                        + " left out of min/median/max. GC pauses over all runs.");
        for (Map.Entry<Config, List<RunFigures>> e : figures.entrySet()) {
            String label = e.getKey().label();
            double[] steady = e.getValue().stream()
                    .filter(r -> r.run() > 0 || runs == 1)
                    .mapToDouble(RunFigures::totalMs)
                    .toArray();
            int pauses = 0;
            double longest = 0;
            double first = Double.NaN;
            for (RunFigures r : e.getValue()) {
                perRun.row(
                        label,
                        r.run(),
                        r.totalMs(),
                        r.initMs(),
                        r.scanMs(),
                        r.pauses().count(),
                        r.pauses().totalMs(),
                        r.pauses().longestMs(),
                        r.pauses().causes());
                pauses += r.pauses().count();
                longest = Math.max(longest, r.pauses().longestMs());
                if (r.run() == 0) {
                    first = r.totalMs();
                }
            }
            if (steady.length > 0) {
                summary.row(
                        label,
                        e.getKey().storage().label,
                        e.getKey().setup(),
                        Summary.of(steady),
                        first,
                        pauses,
                        longest);
            }
        }
        result.table(perRun.build());
        result.table(summary.build());
        Table.Builder key = Table.measured("runs-key", "duration per run, main storages (from the runs table)")
                .column("config")
                .column("run")
                .column("duration", "ms");
        for (Map.Entry<Config, List<RunFigures>> e : figures.entrySet()) {
            Config c = e.getKey();
            boolean shown = (c.storage() == Storage.OBJECTS && c.gcBefore() && !c.gc().equals("Parallel"))
                    || (c.gc().equals("G1")
                            && c.gcBefore()
                            && (c.storage() == Storage.UNSAFE_THP
                                    || c.storage() == Storage.FLYWEIGHT_THP
                                    || c.storage() == Storage.FLYWEIGHT_REUSED));
            if (shown) {
                e.getValue().forEach(r -> key.row(c.label(), r.run(), r.totalMs()));
            }
        }
        result.table(key.build());
        result.chart(Chart.line(
                        "duration-per-run",
                        "duration per run: the post's machines and this one",
                        List.of("seed-runs-1", "seed-runs-2", "runs-key"),
                        "run",
                        "duration",
                        "config",
                        "ms per run (log scale)")
                .withLogY());
        result.chart(Chart.bar(
                "steady-median",
                "median steady run by storage and setup",
                List.of("summary"),
                "storage",
                "median",
                "setup",
                "ms (median of steady runs)"));
    }

    private static Map<Storage, Double> footprintTable(
            ExperimentResult.Builder result, Map<Storage, TradeTableRun.Footprint> footprints) {
        Table.Builder t = Table.measured("footprint", "memory per trade")
                .column("storage")
                .column("bytes per record", "bytes")
                .column("off-heap bytes", "bytes")
                .column("heap bytes", "bytes")
                .note("Off-heap: the segment (or malloc) size. Heap: heap used after a full GC with the table"
                        + " alive, minus before it was built (MemoryMXBean), under G1.");
        Map<Storage, Double> perRecord = new LinkedHashMap<>();
        footprints.forEach((storage, f) -> {
            double bytes = (double) (storage == Storage.OBJECTS ? f.heapBytes() : f.offHeapBytes()) / f.records();
            perRecord.put(storage, bytes);
            t.row(storage.label, bytes, f.offHeapBytes(), f.heapBytes());
        });
        result.table(t.build());
        result.chart(Chart.bar(
                "bytes-per-record",
                "memory per trade: the post and this machine",
                List.of("seed-footprint", "footprint"),
                "storage",
                "bytes per record",
                null,
                "bytes per record"));
        return perRecord;
    }

    /**
     * JMH, retried while another JMH run on this machine holds its lock; if it cannot run, the rest
     * of the experiment stands and a note says why the scan figures are missing.
     */
    private static Map<String, Double> jmhOrNote(
            RunContext context, ExperimentResult.Builder result, Profile profile, int records) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return jmh(context, result, profile, records);
            } catch (org.openjdk.jmh.runner.RunnerException e) {
                String message = String.valueOf(e.getMessage());
                if (message.contains("JMH lock") && attempt < 5) {
                    context.progress().message("another JMH run holds its lock; retrying in 30 s");
                    Thread.sleep(30_000);
                    continue;
                }
                result.note("The JMH scan benchmark could not run (" + message.strip() + "); the scan-vs-ceiling"
                        + " figures are missing from this report.");
                return Map.of();
            }
        }
    }

    /** JMH: each scan, and the sequential read of the same bytes; returns scan ms by benchmark. */
    private static Map<String, Double> jmh(
            RunContext context, ExperimentResult.Builder result, Profile profile, int records) throws Exception {
        JmhBenchmarks jmh = context.jmh();
        List<JmhBenchmarks.Score> scores = jmh.run(jmh.options()
                .include(TradeScanBenchmark.class.getName() + ".")
                .param("records", Integer.toString(records))
                .forks(1)
                .jvmArgsAppend(profile.pick("-Xmx1g", "-Xmx4g", "-Xmx14g"))
                .warmupIterations(profile.pick(1, 2, 3))
                .warmupTime(TimeValue.milliseconds(profile.pick(100, 1000, 2000)))
                .measurementIterations(profile.pick(1, 3, 5))
                .measurementTime(TimeValue.milliseconds(profile.pick(100, 1000, 2000))));
        Map<String, Double> ms = new LinkedHashMap<>();
        Map<String, Double> error = new LinkedHashMap<>();
        for (JmhBenchmarks.Score s : scores) {
            ms.put(s.method(), s.score());
            error.put(s.method(), s.error());
        }
        Map<String, String> ceilingOf = Map.of(
                "scanObjects", "readRecords",
                "scanUnsafe", "readRecords",
                "scanFlyweight", "readRecords",
                "scanColumnar", "readColumns");
        Table.Builder t = Table.measured("scan-jmh", "scan alone, " + records + " trades (JMH, ms per scan)")
                .column("benchmark")
                .column("score", "ms")
                .column("error", "ms")
                .column("bytes read", "bytes")
                .column("GB/s", "GB/s")
                .column("fraction of ceiling", "ratio")
                .note("Ceiling: a plain sequential read (sum of longs) of the same bytes: all 42 bytes of each record"
                        + " for array of structures, the side, price and quantity columns (18 bytes) for columnar."
                        + " Objects and Unsafe are compared with the 42-byte ceiling.");
        for (String benchmark :
                List.of("scanObjects", "scanUnsafe", "scanFlyweight", "scanColumnar", "readRecords", "readColumns")) {
            Double score = ms.get(benchmark);
            if (score == null) {
                continue;
            }
            long bytes =
                    (long) records * (benchmark.equals("scanColumnar") || benchmark.equals("readColumns") ? 18 : 42);
            String ceiling = ceilingOf.get(benchmark);
            Double fraction = ceiling != null && ms.containsKey(ceiling) ? ms.get(ceiling) / score : null;
            t.row(benchmark, score, error.get(benchmark), bytes, bytes / score / 1e6, fraction);
        }
        result.table(t.build());
        result.chart(Chart.bar(
                "scan-jmh",
                "scan alone vs sequential read of the same bytes",
                List.of("scan-jmh"),
                "benchmark",
                "score",
                null,
                "ms per scan"));
        return ms;
    }

    private static void goalsAndVerdict(
            ExperimentResult.Builder result,
            Map<Config, List<RunFigures>> figures,
            Map<Storage, Double> bytesPerRecord,
            Map<String, Double> jmh,
            String post,
            String roomy,
            String small,
            int records) {
        Map<String, Summary> steady = new LinkedHashMap<>();
        Map<String, double[]> pauses = new LinkedHashMap<>();
        figures.forEach((config, runs) -> {
            double[] samples = runs.stream()
                    .filter(r -> r.run() > 0 || runs.size() == 1)
                    .mapToDouble(RunFigures::totalMs)
                    .toArray();
            if (samples.length > 0) {
                steady.put(config.label(), Summary.of(samples));
            }
            int count = runs.stream().mapToInt(r -> r.pauses().count()).sum();
            double longest =
                    runs.stream().mapToDouble(r -> r.pauses().longestMs()).max().orElse(0);
            pauses.put(config.label(), new double[] {count, longest});
        });
        String unsafe = Storage.UNSAFE.label + ", G1, " + small;
        String flyweight = Storage.FLYWEIGHT.label + ", G1, " + small;
        String unsafeThp = Storage.UNSAFE_THP.label + ", G1, " + small;
        String flyweightThp = Storage.FLYWEIGHT_THP.label + ", G1, " + small;
        String reused = Storage.FLYWEIGHT_REUSED.label + ", G1, " + small;
        String objectsPost = Storage.OBJECTS.label + ", G1, " + post;
        String objectsRoomy = Storage.OBJECTS.label + ", G1, " + roomy;

        Table.Builder goals = Table.measured("goals", "goals of the issue, this run")
                .column("goal")
                .column("measured", "ratio")
                .column("target", "ratio")
                .column("met")
                .note("Ratios of medians of steady runs unless the goal says fastest runs (minima); JMH scores where it"
                        + " says JMH. Measured on a shared machine; see the environment section for its load.");
        goal(
                goals,
                "core flyweight / Unsafe, same memory (malloc-like, 4 KiB pages)",
                ratio(steady, flyweight, unsafe),
                1.05,
                false);
        goal(goals, "core flyweight / Unsafe, same memory (THP)", ratio(steady, flyweightThp, unsafeThp), 1.05, false);
        // on a shared machine the fastest run is the least disturbed one: the same ratios from minima
        goal(
                goals,
                "core flyweight / Unsafe, 4 KiB pages, fastest runs",
                minRatio(steady, flyweight, unsafe),
                1.05,
                false);
        goal(
                goals,
                "core flyweight / Unsafe, THP, fastest runs",
                minRatio(steady, flyweightThp, unsafeThp),
                1.05,
                false);
        goal(
                goals,
                "G1 objects (roomy heap) / core flyweight + THP",
                ratio(steady, objectsRoomy, flyweightThp),
                2.0,
                true);
        goal(
                goals,
                "G1 objects (roomy heap) / core flyweight, reused memory",
                ratio(steady, objectsRoomy, reused),
                2.0,
                true);
        goal(
                goals,
                "core flyweight scan / Unsafe scan, same memory (JMH)",
                jmhRatio(jmh, "scanFlyweight", "scanUnsafe"),
                1.05,
                false);
        goal(
                goals,
                "columnar scan / sequential read of its bytes (JMH)",
                jmhRatio(jmh, "readColumns", "scanColumnar"),
                0.70,
                true);
        goal(goals, "packed trade record, bytes", (double) Trade.LAYOUT.recordSize(), 42.0, null);
        double offHeapPauses = 0;
        for (Map.Entry<String, double[]> e : pauses.entrySet()) {
            if (!e.getKey().startsWith(Storage.OBJECTS.label)) {
                offHeapPauses += e.getValue()[0];
            }
        }
        goal(goals, "GC pauses during off-heap runs, count", offHeapPauses, 0.0, null);
        result.table(goals.build());

        // per claim, from this run's figures
        Double fasterPost = ratio(steady, objectsPost, flyweightThp);
        Double fasterRoomy = ratio(steady, objectsRoomy, flyweightThp);
        Double objectsBytes = bytesPerRecord.get(Storage.OBJECTS);
        double[] postPauses = pauses.get(objectsPost);
        Table.Builder claims = Table.measured("claims", "the post's claims on this machine")
                .column("claim")
                .column("post", "ratio")
                .column("measured", "ratio")
                .column("holds")
                .note("faster: median steady run, objects under G1 / core flyweight with THP. smaller: heap bytes per"
                        + " object record / 42. pauses: longest GC pause of the objects program (post's heap), ms,"
                        + " against zero pauses off-heap.");
        String faster =
                fasterPost == null ? "not measured" : fasterPost >= 14 ? "yes" : fasterPost > 1 ? "partly" : "no";
        claims.row("faster (post's heap)", 14.0, fasterPost, faster);
        claims.row(
                "faster (roomy heap)",
                14.0,
                fasterRoomy,
                fasterRoomy == null ? "not measured" : fasterRoomy >= 14 ? "yes" : fasterRoomy > 1 ? "partly" : "no");
        Double smaller = objectsBytes == null ? null : objectsBytes / 42.0;
        claims.row(
                "smaller",
                SEED_OBJECT_BYTES_PER_RECORD / 42,
                smaller,
                smaller == null ? "not measured" : smaller >= 1.3 ? "yes" : smaller > 1 ? "partly" : "no");
        Double longest = postPauses == null ? null : postPauses[1];
        String pausesHold =
                longest == null ? "not measured" : offHeapPauses > 0 ? "no" : longest >= 1000 ? "yes" : "partly";
        claims.row("no long pauses (objects' longest, ms)", max(SEED_PAUSES_WITH_GC) * 1000, longest, pausesHold);
        result.table(claims.build());

        result.headline(String.format(
                Locale.ROOT,
                "%d trades: objects/flyweight+THP %.1fx (post's heap), %.1fx (roomy heap); flyweight/Unsafe %.2f; "
                        + "objects %.1f B/record vs 42; objects' longest GC pause %.0f ms, off-heap pauses %.0f",
                records,
                nan(fasterPost),
                nan(fasterRoomy),
                nan(ratio(steady, flyweight, unsafe)),
                nan(objectsBytes),
                nan(longest),
                offHeapPauses));
        int yes = 0;
        int partly = 0;
        for (String holds : List.of(faster, smaller == null ? "no" : smaller >= 1.3 ? "yes" : "partly", pausesHold)) {
            if (holds.equals("yes")) {
                yes++;
            } else if (holds.equals("partly")) {
                partly++;
            }
        }
        String reason = String.format(
                Locale.ROOT,
                "faster: %.1fx with the post's heap (post: 14-43x), %.1fx with a roomy heap; smaller: %.2fx the bytes"
                        + " (post: %.2fx); longest objects GC pause %.0f ms (post: %.0f ms), %.0f pauses off-heap.",
                nan(fasterPost),
                nan(fasterRoomy),
                nan(smaller),
                SEED_OBJECT_BYTES_PER_RECORD / 42,
                nan(longest),
                max(SEED_PAUSES_WITH_GC) * 1000,
                offHeapPauses);
        if (yes == 3) {
            result.verdict(Verdict.reproduced(reason));
        } else if (yes + partly > 0) {
            result.verdict(Verdict.partly(reason));
        } else {
            result.verdict(Verdict.notReproduced(reason));
        }
        if (records < 50_000_000) {
            result.note("This profile builds " + records + " trades, not the post's 50M; the post's heap is scaled"
                    + " to the record count. Run --profile full for the post's size.");
        }
    }

    private static void goal(Table.Builder goals, String goal, Double measured, double target, Boolean atLeast) {
        String met;
        if (measured == null) {
            met = "not measured";
        } else if (atLeast == null) {
            met = measured == target ? "yes" : "no";
        } else if (atLeast) {
            met = measured >= target ? "yes" : "no";
        } else {
            met = measured <= target ? "yes" : "no";
        }
        goals.row(goal, measured, target, met);
    }

    private static Double ratio(Map<String, Summary> steady, String numerator, String denominator) {
        Summary n = steady.get(numerator);
        Summary d = steady.get(denominator);
        return n == null || d == null ? null : n.median() / d.median();
    }

    private static Double minRatio(Map<String, Summary> steady, String numerator, String denominator) {
        Summary n = steady.get(numerator);
        Summary d = steady.get(denominator);
        return n == null || d == null ? null : n.min() / d.min();
    }

    private static Double jmhRatio(Map<String, Double> jmh, String numerator, String denominator) {
        Double n = jmh.get(numerator);
        Double d = jmh.get(denominator);
        return n == null || d == null ? null : n / d;
    }

    private static double nan(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static double sum(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum;
    }

    private static double max(double[] values) {
        double max = 0;
        for (double v : values) {
            max = Math.max(max, v);
        }
        return max;
    }
}
