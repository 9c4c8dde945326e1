package mechsym.lab.experiments.cas;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.ThreadedRuns;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.latency.CpuAffinity;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.NativePrograms;

/*
 * Seed 001, "Further Adventures With CAS Instructions And Micro Benchmarking" (Martin Thompson,
 * Mechanical Sympathy, 2013).
 *
 * Claim: an uncontended atomic increment costs a few ns (the post: ~21 cycles, 3.1-3.4 s for 500
 * million lock xadd at ~3.4 GHz on Nehalem and Sandy Bridge), and once threads contend the test
 * stops measuring the instruction: it measures how long a core keeps the counter's cache line
 * before another core takes it (fairness), so each increment gets several times dearer.
 *
 *   thread 1 ─┐
 *   thread 2 ─┼─> lock add / lock xadd / lock cmpxchg ──> one counter, one cache line
 *   thread N ─┘            (the line moves between cores on every handoff)
 *
 * Measured: the post's C program (native/atomic_inc.cpp, its four loops) and the Java
 * equivalents (CasRun: getAndAdd with the result unused, getAndAdd, compareAndSet loop,
 * compareAndExchange loop) at 1, 2, 4 ... N threads, N = this machine's cores (CpuTopology), each
 * thread pinned to a core of its own (never two SMT siblings), and the same getAndAdd and
 * compareAndSet loops through core's Sequence (its own methods), the component beside the post's cell. Each round runs every C++
 * case once, then one forked JVM that runs every Java case twice (warm-up, then measured); rounds
 * interleave the two languages. ns/op = time / increments actually made (the post printed time /
 * (2 x COUNT), half of that; the seed table shows both). Both sides count each thread's own
 * increments, so fairness (the slowest thread's share against the fastest's) is judged in C++ and
 * Java alike; on fewer than 4 cores the contended sub-claims are not measurable here.
 *
 * Sensitive to: cores and their topology (hyperthreads share a core's L1; sockets add a hop),
 * the scheduler on a small or loaded machine (a descheduled thread leaves the line to the
 * other: less contention, not more), turbo and frequency.
 *
 * Quick profile: about 20 s: three rounds of the C++ program and one JVM, on 2 vCPUs (an estimate
 * from its forks and iterations; `./mechsym lab cas` prints the measured time as 'done in N s').
 */
public final class CasExperiment implements Experiment {
    private static final long SEED_COUNT = 500_000_000L;

    /** The post's single-thread LOCK XADD runs: machine, duration ns, printed op/sec, cycles. */
    private record SeedRun(String machine, long durationNs, long printedOpsPerSec, long cycles) {}

    private static final List<SeedRun> SEED_RUNS = List.of(
            new SeedRun(
                    "Intel Nehalem 2.8GHz (turbo ~3.4GHz), Linux, perf stat",
                    3_090_445_546L,
                    323_577_938L,
                    10_527_264_923L),
            new SeedRun(
                    "Intel Sandy Bridge 2.4GHz (turbo ~3.4GHz), Linux, perf stat",
                    3_394_221_940L,
                    294_618_330L,
                    11_522_932_068L));

    private static final String[] CPP_CASES = {"LOCK ADD", "LOCK XADD", "LOCK CMPXCHG BOOL", "LOCK CMPXCHG VAL"};

    /** One line of native/atomic_inc's output. */
    public record CppRun(
            String caseName,
            int caseId,
            int threads,
            int run,
            long count,
            long counter,
            long durationNs,
            long[] perThread) {

        @com.fasterxml.jackson.annotation.JsonCreator
        public CppRun(
                @com.fasterxml.jackson.annotation.JsonProperty("case") String caseName,
                @com.fasterxml.jackson.annotation.JsonProperty("caseId") int caseId,
                @com.fasterxml.jackson.annotation.JsonProperty("threads") int threads,
                @com.fasterxml.jackson.annotation.JsonProperty("run") int run,
                @com.fasterxml.jackson.annotation.JsonProperty("count") long count,
                @com.fasterxml.jackson.annotation.JsonProperty("counter") long counter,
                @com.fasterxml.jackson.annotation.JsonProperty("durationNs") long durationNs,
                @com.fasterxml.jackson.annotation.JsonProperty("perThread") long[] perThread) {
            this.caseName = caseName;
            this.caseId = caseId;
            this.threads = threads;
            this.run = run;
            this.count = count;
            this.counter = counter;
            this.durationNs = durationNs;
            this.perThread = perThread;
        }
    }

    @Override
    public String id() {
        return "cas";
    }

    @Override
    public String title() {
        return "Contended atomic increments: LOCK ADD, XADD, CMPXCHG in C++ and their Java equivalents";
    }

    @Override
    public Seed seed() {
        return SeedPosts.CAS_ADVENTURES;
    }

    @Override
    public String claim() {
        return "With threads on several cores contending, an atomic increment costs several times its uncontended"
                + " few ns (~6 ns per lock xadd on the post's machines) and the threads share the increments"
                + " unfairly: the test measures how long a core keeps the cache line (fairness), not the"
                + " instruction. In C++ and in Java alike.";
    }

    @Override
    public List<Table> seedFigures() {
        List<Table> tables = new ArrayList<>();
        int i = 0;
        for (SeedRun s : SEED_RUNS) {
            tables.add(Table.seed(
                            "seed-" + (++i), "the post's perf stat ./atomic_inc 1 2 (LOCK XADD, 1 thread)", s.machine())
                    .column("case")
                    .column("the post's loop")
                    .column("threads", "#")
                    .summaryColumns("ns/op")
                    .column("printed ns per op", "ns")
                    .column("printed op/sec", "ops/s")
                    .column("cycles per increment", "cycles")
                    .row(
                            "C++ LOCK XADD",
                            "LOCK XADD",
                            1,
                            Summary.of(s.durationNs() / (double) SEED_COUNT),
                            s.durationNs() / (2 * SEED_COUNT),
                            s.printedOpsPerSec(),
                            s.cycles() / (double) SEED_COUNT)
                    .note("One run of 500,000,000 increments in " + s.durationNs() + " ns. The post's program printed"
                            + " duration / (2 x COUNT) as 'ns per op' (and 2 x COUNT / duration as op/sec); the"
                            + " ns/op columns here divide by the increments made, as our table does. The contended"
                            + " figures (an order of magnitude apart between the machines) were in an earlier post"
                            + " and are not in the seed.")
                    .build());
        }
        tables.addAll(
                SeedPerfStat.tables(SEED_RUNS.stream().map(SeedRun::machine).toList()));
        return tables;
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long count = profile.pick(200_000L, 10_000_000L, SEED_COUNT);
        int rounds = profile.pick(1, 3, 5);
        // one thread per core, never two on one core's SMT siblings
        List<Integer> cpus =
                CpuAffinity.isSupported() ? CpuTopology.ofThisProcess().onePerCore() : List.of();
        List<Integer> threadCounts =
                threadCounts(cpus.isEmpty() ? Runtime.getRuntime().availableProcessors() : cpus.size());
        String cpuList = cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
        double loadBefore = ThreadedRuns.loadAverage();

        NativePrograms.Program cpp = NativePrograms.program("atomic_inc");
        if (!cpp.isAvailable()) {
            result.note("No C++ rows in this run: " + cpp.problem() + ". Install make and g++ to get them.");
        }
        // key: case label|threads -> ns per increment
        Map<String, List<Double>> nsPerOp = new LinkedHashMap<>();
        // key: case label|threads (2 or more) -> one Fairness per measured run
        Map<String, List<Fairness>> fairness = new LinkedHashMap<>();
        context.progress().start("atomic increments, " + rounds + " rounds, threads " + threadCounts, rounds * 2);
        for (int round = 0; round < rounds; round++) {
            if (cpp.isAvailable()) {
                for (int caseId = 1; caseId <= CPP_CASES.length; caseId++) {
                    for (int threads : threadCounts) {
                        Object[] cppArgs = cpuList.isEmpty()
                                ? new Object[] {threads, caseId, count, 1}
                                : new Object[] {threads, caseId, count, 1, cpuList};
                        List<String> lines = cpp.run(context.workDir().resolve("atomic_inc.log"), 600, cppArgs);
                        for (CppRun r : ThreadedRuns.parseLines(lines, CppRun.class)) {
                            checkCpp(r);
                            String key = "C++ " + r.caseName() + "|" + threads;
                            nsPerOp.computeIfAbsent(key, k -> new ArrayList<>())
                                    .add(r.durationNs() / (double) r.counter());
                            if (threads > 1 && r.perThread() != null && r.perThread().length == threads) {
                                fairness.computeIfAbsent(key, k -> new ArrayList<>())
                                        .add(Fairness.of(r.perThread()));
                            }
                        }
                    }
                }
            }
            context.progress().step();
            List<Object> args = new ArrayList<>(List.of(count, 2));
            args.addAll(threadCounts);
            List<CasRun.Run> javaRuns = context.fork(CasRun.class)
                    .name("CasRun-round" + round)
                    .jvmArgs("-Xmx64m", "-D" + CasRun.CPUS_PROPERTY + "=" + cpuList)
                    .args(args.toArray())
                    .timeoutSeconds(900)
                    .run(CasRun.Run.class);
            for (CasRun.Run r : javaRuns) {
                if (r.run() > 0) {
                    nsPerOp.computeIfAbsent(
                                    javaLabel(CasRun.Case.valueOf(r.javaCase())) + "|" + r.threads(),
                                    k -> new ArrayList<>())
                            .add(r.durationNs() / (double) r.counter());
                    if (r.threads() > 1 && r.perThread() != null) {
                        fairness.computeIfAbsent(
                                        javaLabel(CasRun.Case.valueOf(r.javaCase())) + "|" + r.threads(),
                                        k -> new ArrayList<>())
                                .add(Fairness.of(r.perThread()));
                    }
                }
            }
            context.progress().step();
        }

        Map<String, Summary> medians = new LinkedHashMap<>();
        Table.Builder table = Table.measured(
                        "measured", "ns per increment by case and threads, " + count + " increments a run")
                .column("case")
                .column("the post's loop")
                .column("language, threads")
                .column("threads", "#")
                .summaryColumns("ns/op")
                .column("throughput (median)", "ops/s")
                .column("vs 1 thread", "x")
                .note(rounds + " rounds; each runs every C++ case once (native/atomic_inc) and one forked JVM"
                        + " (-Xmx64m) with every Java case twice, the first as warm-up. Guard: the counter ends at the"
                        + " increments asked for (+ at most one overshoot per thread, as the post's loops allow). The post's"
                        + " CMPXCHG VAL loop, kept as written, exits only on a failed CAS that sees its own"
                        + " increment: two lock cmpxchg per increment even uncontended.");
        nsPerOp.forEach((key, samples) -> {
            String[] k = key.split("\\|");
            Summary s = Summary.of(samples);
            medians.put(key, s);
            Summary single = medians.get(k[0] + "|1");
            boolean cppCase = k[0].startsWith("C++ ");
            table.row(
                    k[0],
                    cppCase ? k[0].substring(4) : postLoop(k[0]),
                    (cppCase ? "C++, " : "Java, ") + k[1] + (k[1].equals("1") ? " thread" : " threads"),
                    Integer.parseInt(k[1]),
                    s,
                    1e9 / s.median(),
                    single == null ? null : s.median() / single.median());
        });
        result.table(table.build());
        List<String> chartTables = new ArrayList<>();
        for (int i = 1; i <= SEED_RUNS.size(); i++) {
            chartTables.add("seed-" + i);
        }
        chartTables.add("measured");
        result.chart(Chart.bar(
                "ns-per-increment",
                "ns per increment by case and threads: the post's machines (1 thread, LOCK XADD) and this one",
                chartTables,
                "case",
                "median",
                "threads",
                "ns per increment (median)"));
        fairnessTable(result, fairness);
        ThreadedRuns.noteMachine(result, threadCounts.getLast(), loadBefore);
        verdict(result, medians, fairness, threadCounts.getLast());
    }

    /** Each thread's share of the increments, C++ and Java cases at 2 or more threads. */
    private static void fairnessTable(ExperimentResult.Builder result, Map<String, List<Fairness>> fairness) {
        if (fairness.isEmpty()) {
            return;
        }
        Table.Builder table = Table.measured(
                        "fairness", "each thread's share of the increments under contention (C++ and Java)")
                .column("case")
                .column("threads", "#")
                .column("fair share", "%")
                .column("smallest share (median)", "%")
                .column("largest share (median)", "%")
                .column("slowest / fastest thread (median)")
                .column("Jain index (median)")
                .summaryColumns("Jain index")
                .note("Per run, every thread's own successful increments. Jain's index is 1 when the threads did"
                        + " equal work and 1/threads when one did it all: under contention, ns/op measures how the"
                        + " cores pass the cache line around as much as the instruction (the post's perf counters"
                        + " show the same thing as cycles lost to it).");
        fairness.forEach((key, runs) -> {
            String[] k = key.split("\\|");
            int threads = Integer.parseInt(k[1]);
            table.row(
                    k[0],
                    threads,
                    100.0 / threads,
                    100
                            * Summary.of(runs.stream().map(Fairness::minShare).toList())
                                    .median(),
                    100
                            * Summary.of(runs.stream().map(Fairness::maxShare).toList())
                                    .median(),
                    slowestOverFastest(runs),
                    Summary.of(runs.stream().map(Fairness::jainIndex).toList()).median(),
                    Summary.of(runs.stream().map(Fairness::jainIndex).toList()));
        });
        result.table(table.build());
        fairness.entrySet().stream()
                .filter(e -> e.getKey().startsWith("Java getAndAdd|")
                        || e.getKey().startsWith("core Sequence getAndAdd|")
                        || e.getKey().startsWith("C++ LOCK XADD|"))
                .collect(java.util.stream.Collectors.toMap(
                        e -> e.getKey().split("\\|")[0], e -> e, (a, b) -> b, LinkedHashMap::new))
                .values()
                .forEach(e -> result.headline(String.format(
                        Locale.ROOT,
                        "%s at %s threads: shares %.0f%% to %.0f%% of the increments (Jain index %.2f)",
                        e.getKey().split("\\|")[0],
                        e.getKey().split("\\|")[1],
                        100
                                * Summary.of(e.getValue().stream()
                                                .map(Fairness::minShare)
                                                .toList())
                                        .median(),
                        100
                                * Summary.of(e.getValue().stream()
                                                .map(Fairness::maxShare)
                                                .toList())
                                        .median(),
                        Summary.of(e.getValue().stream()
                                        .map(Fairness::jainIndex)
                                        .toList())
                                .median())));
    }

    /** The median over runs of the slowest thread's increments over the fastest thread's. */
    static double slowestOverFastest(List<Fairness> runs) {
        return Summary.of(runs.stream().map(Fairness::slowestOverFastest).toList())
                .median();
    }

    private static void checkCpp(CppRun r) {
        long expected = r.caseId() == 1 ? r.threads() * (r.count() / r.threads()) : r.count();
        // The post's CMPXCHG VAL loop (case 4) tests for success against the new value, not the
        // old one, so a thread that keeps colliding keeps incrementing inside its inner loop: it can
        // overshoot COUNT by more than one per thread. Only the lower bound holds there.
        long allowedOvershoot = r.caseId() == 4 ? Long.MAX_VALUE - expected : r.threads();
        if (r.counter() < expected || r.counter() - expected > allowedOvershoot) {
            throw new IllegalStateException("atomic_inc " + r.caseName() + " with " + r.threads() + " threads ended at "
                    + r.counter() + ", expected " + expected);
        }
    }

    static String javaLabel(CasRun.Case c) {
        return switch (c) {
            case GET_AND_ADD_UNUSED -> "Java getAndAdd, result unused";
            case ADD_AND_GET -> "Java getAndAdd";
            case CAS_LOOP -> "Java compareAndSet loop";
            case CAE_LOOP -> "Java compareAndExchange loop";
            case SEQUENCE_GET_AND_ADD -> "core Sequence getAndAdd";
            case SEQUENCE_CAS_LOOP -> "core Sequence compareAndSet loop";
        };
    }

    /** The post's loop a Java case mirrors. */
    private static String postLoop(String javaLabel) {
        for (CasRun.Case c : CasRun.Case.values()) {
            if (javaLabel(c).equals(javaLabel)) {
                return c.postCase;
            }
        }
        throw new IllegalArgumentException(javaLabel);
    }

    /** 1..cores when there are at most 4, else 1, 2, 4, ... and cores. */
    static List<Integer> threadCounts(int cores) {
        List<Integer> counts = new ArrayList<>();
        for (int t = 1; t <= cores; t = cores <= 4 ? t + 1 : t * 2) {
            counts.add(t);
        }
        if (counts.getLast() != cores) {
            counts.add(cores);
        }
        return counts;
    }

    private static void verdict(
            ExperimentResult.Builder result,
            Map<String, Summary> medians,
            Map<String, List<Fairness>> fairness,
            int maxThreads) {
        Summary cppOne = medians.get("C++ LOCK XADD|1");
        Summary javaOne = medians.get("Java getAndAdd|1");
        for (String who : List.of("C++ LOCK XADD", "Java getAndAdd")) {
            Summary single = medians.get(who + "|1");
            Summary contended = medians.get(who + "|" + maxThreads);
            if (single == null) {
                continue;
            }
            StringBuilder line =
                    new StringBuilder(String.format(Locale.ROOT, "%s: 1 thread %.1f ns/op", who, single.median()));
            if (maxThreads > 1 && contended != null) {
                line.append(String.format(
                        Locale.ROOT,
                        ", %d threads %.1f ns/op (%.1fx)",
                        maxThreads,
                        contended.median(),
                        contended.median() / single.median()));
            }
            result.headline(line.toString());
        }
        if (cppOne != null && javaOne != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "Java/C++ at 1 thread: getAndAdd %.2fx, compareAndSet loop %.2fx, compareAndExchange loop %.2fx",
                    javaOne.median() / cppOne.median(),
                    ratio(medians, "Java compareAndSet loop|1", "C++ LOCK CMPXCHG BOOL|1"),
                    ratio(medians, "Java compareAndExchange loop|1", "C++ LOCK CMPXCHG VAL|1")));
        }
        Summary sequenceOne = medians.get("core Sequence getAndAdd|1");
        Summary sequenceContended = medians.get("core Sequence getAndAdd|" + maxThreads);
        Summary javaContended = medians.get("Java getAndAdd|" + maxThreads);
        if (sequenceOne != null && javaOne != null && sequenceContended != null && javaContended != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "core Sequence getAndAdd: 1 thread %.1f ns/op (Java getAndAdd on the post's cell %.1f), %d threads"
                            + " %.1f ns/op (%.1f)",
                    sequenceOne.median(),
                    javaOne.median(),
                    maxThreads,
                    sequenceContended.median(),
                    javaContended.median()));
        }
        result.verdict(CasVerdict.judge(new CasVerdict.Figures(
                maxThreads,
                List.of(
                        side(
                                "C++",
                                "LOCK XADD",
                                "LOCK CMPXCHG BOOL",
                                "C++ LOCK XADD",
                                "C++ LOCK CMPXCHG BOOL",
                                medians,
                                fairness,
                                maxThreads),
                        side(
                                "Java",
                                "getAndAdd",
                                "compareAndSet loop",
                                "Java getAndAdd",
                                "Java compareAndSet loop",
                                medians,
                                fairness,
                                maxThreads)))));
    }

    /** One language's figures for the verdict: its increment alone and contended, its CAS loop's fairness. */
    private static CasVerdict.Side side(
            String language,
            String increment,
            String loop,
            String incrementLabel,
            String loopLabel,
            Map<String, Summary> medians,
            Map<String, List<Fairness>> fairness,
            int maxThreads) {
        Summary single = medians.get(incrementLabel + "|1");
        Summary contended = maxThreads > 1 ? medians.get(incrementLabel + "|" + maxThreads) : null;
        List<Fairness> runs = maxThreads > 1 ? fairness.get(loopLabel + "|" + maxThreads) : null;
        return new CasVerdict.Side(
                language,
                increment,
                loop,
                single == null ? null : single.median(),
                contended == null ? null : contended.median(),
                runs == null || runs.isEmpty() ? null : slowestOverFastest(runs));
    }

    private static double ratio(Map<String, Summary> medians, String a, String b) {
        Summary x = medians.get(a);
        Summary y = medians.get(b);
        return x == null || y == null ? Double.NaN : x.median() / y.median();
    }
}
