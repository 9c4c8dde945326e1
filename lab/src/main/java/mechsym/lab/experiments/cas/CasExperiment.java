package mechsym.lab.experiments.cas;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import mechsym.lab.AdaptiveRounds;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Measure;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.rigs.threads.ThreadedRuns;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.platform.CpuAffinity;
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
 * compareAndSet loops through core's Sequence, the component beside the post's cell. A round runs
 * every C++ case once (its thread counts in turn), then one forked JVM that runs every Java case
 * twice (warm-up, then measured; its cases in turn); rounds are the repetitions the verdict's
 * intervals come from. ns/op = time / increments actually made (the post printed time / (2 x COUNT),
 * half of that; the seed table shows both).
 *
 * How long a core keeps the line: at the most threads, a recording run of LOCK XADD and the
 * CMPXCHG loop (C++ and Java) has each thread store the counter values it obtained; a run is a
 * maximal sequence of consecutive values one core obtained, the increments it made while it held
 * the line (RunLengths). Their distribution is the post's finding on this machine; its comparison of
 * two CPU generations needs both CPUs.
 *
 * Sensitive to: cores and their topology (hyperthreads share a core's L1; sockets add a hop),
 * the scheduler on a small or loaded machine (a descheduled thread leaves the line to the
 * other: less contention, not more), turbo and frequency.
 *
 * Sizes: 10 million increments a timed run and 2 million a recording run in quick, three rounds, up
 * to nine while a contended ratio straddles the post's "several times" (AdaptiveRounds; a round takes
 * about 3 s: 10 s to 30 s on 2 vCPUs); the post's 500 million and five rounds in full.
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

    /** atomic_inc's recording cases: LOCK XADD and LOCK CMPXCHG BOOL storing the values each thread obtained. */
    private static final int[] RECORDING_CASES = {5, 6};

    /** The most counter values the recording threads of one run keep, all threads together. */
    private static final long RECORDED_VALUES = 1L << 27;

    /** One line of native/atomic_inc's output. */
    public record CppRun(
            String caseName,
            int caseId,
            int threads,
            int run,
            long count,
            long counter,
            long durationNs,
            long[] perThread,
            RunLengths runLengths) {

        @com.fasterxml.jackson.annotation.JsonCreator
        public CppRun(
                @com.fasterxml.jackson.annotation.JsonProperty("case") String caseName,
                @com.fasterxml.jackson.annotation.JsonProperty("caseId") int caseId,
                @com.fasterxml.jackson.annotation.JsonProperty("threads") int threads,
                @com.fasterxml.jackson.annotation.JsonProperty("run") int run,
                @com.fasterxml.jackson.annotation.JsonProperty("count") long count,
                @com.fasterxml.jackson.annotation.JsonProperty("counter") long counter,
                @com.fasterxml.jackson.annotation.JsonProperty("durationNs") long durationNs,
                @com.fasterxml.jackson.annotation.JsonProperty("perThread") long[] perThread,
                @com.fasterxml.jackson.annotation.JsonProperty("runLengths") RunLengths runLengths) {
            this.caseName = caseName;
            this.caseId = caseId;
            this.threads = threads;
            this.run = run;
            this.count = count;
            this.counter = counter;
            this.durationNs = durationNs;
            this.perThread = perThread;
            this.runLengths = runLengths;
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
                + " few ns (~6 ns per lock xadd on the post's machines): the test measures how long a core keeps the"
                + " counter's cache line before another core takes it, not the instruction, and Sandy Bridge's"
                + " cores keep it for shorter runs than Nehalem's (fairer). In C++ and in Java alike.";
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

    /** A measured case at a thread count: "C++ LOCK XADD" at 2 threads. */
    record Cell(String label, int threads) {
        boolean cpp() {
            return label.startsWith("C++ ");
        }
    }

    /**
     * A run's figures, every list in round order.
     *
     * @param count the increments of a timed run
     * @param recorded the increments of a recording run
     * @param rounds the rounds run
     * @param mostThreads the most threads, one per core
     * @param nsPerOp ns per increment by cell, one per round
     * @param fairness each thread's share by cell (2 threads or more), one per round
     * @param runLengths how long a core kept the line by cell (recording runs, the most threads), one per
     *     round
     */
    record Figures(
            long count,
            int recorded,
            int rounds,
            int mostThreads,
            Map<Cell, List<Double>> nsPerOp,
            Map<Cell, List<Fairness>> fairness,
            Map<Cell, List<RunLengths>> runLengths) {

        List<Double> ns(String label, int threads) {
            return nsPerOp.getOrDefault(new Cell(label, threads), List.of());
        }

        List<Double> medianRunLengths(String label) {
            return runLengths.getOrDefault(new Cell(label, mostThreads), List.of()).stream()
                    .map(r -> (double) r.contendedP50())
                    .toList();
        }

        List<Double> overlap(String label) {
            return runLengths.getOrDefault(new Cell(label, mostThreads), List.of()).stream()
                    .map(RunLengths::overlap)
                    .toList();
        }
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        long count = profile.pick(200_000L, 10_000_000L, SEED_COUNT);
        // the contended-cost ratios sit near the post's "several times" on two cores: a straddling one
        // gets the rounds that can decide it (a round is about 3 s in quick)
        AdaptiveRounds rounds = profile.pick(
                AdaptiveRounds.fixed(2),
                AdaptiveRounds.of(3, Measure.repetitionsToDropExtremes(), Duration.ofSeconds(40)),
                AdaptiveRounds.fixed(5));
        // one thread per core, never two on one core's SMT siblings
        List<Integer> cpus =
                CpuAffinity.isSupported() ? CpuTopology.ofThisProcess().onePerCore() : List.of();
        List<Integer> threadCounts =
                threadCounts(cpus.isEmpty() ? Runtime.getRuntime().availableProcessors() : cpus.size());
        int mostThreads = threadCounts.getLast();
        // each recording thread keeps room for every value (8 bytes each in C++, 4 in Java): at most
        // RECORDED_VALUES values in all, 1 GiB in C++, however many cores there are
        int recorded = (int) Math.min(profile.pick(200_000, 2_000_000, 20_000_000), RECORDED_VALUES / mostThreads);
        String cpuList = cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
        double loadBefore = ThreadedRuns.loadAverage();

        NativePrograms.Program cpp = NativePrograms.program("atomic_inc");
        if (!cpp.isAvailable()) {
            result.note("No C++ rows in this run: " + cpp.problem() + ". Install make and g++ to get them.");
        }
        Figures measured = new Figures(
                count, recorded, 0, mostThreads, new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
        context.progress().message("atomic increments, threads " + threadCounts + ", " + rounds.summary());
        while (rounds.another(() -> verdict(measured))) {
            int round = rounds.current();
            context.progress().message("round " + (round + 1));
            if (cpp.isAvailable()) {
                runCpp(context, cpp, measured, Rounds.inTurn(threadCounts, round), cpuList);
            }
            runJava(context, measured, threadCounts, cpus, round);
        }
        Figures figures = new Figures(
                count,
                recorded,
                rounds.rounds(),
                mostThreads,
                measured.nsPerOp(),
                measured.fairness(),
                measured.runLengths());

        CasReport.tables(result, figures, SEED_RUNS.size());
        result.note("Rounds: " + rounds.summary() + ".");
        ThreadedRuns.noteMachine(result, mostThreads, loadBefore);
        CasReport.headlines(result, figures);
        result.verdict(verdict(figures));
        result.goal(CasGoals.sequence(
                figures.ns(javaLabel(CasRun.Case.SEQUENCE_GET_AND_ADD), 1),
                figures.ns(javaLabel(CasRun.Case.ADD_AND_GET), 1)));
    }

    /** The post's claims on the rounds measured so far. */
    private static Verdict verdict(Figures figures) {
        return CasClaims.judge(new CasClaims.Figures(
                figures.mostThreads(),
                List.of(
                        side(figures, "C++", "LOCK XADD", "C++ LOCK XADD"),
                        side(figures, "Java", "getAndAdd", javaLabel(CasRun.Case.ADD_AND_GET)))));
    }

    /** One round of the post's program: every case at every thread count, then the recording cases. */
    private static void runCpp(
            RunContext context, NativePrograms.Program cpp, Figures figures, List<Integer> threadCounts, String cpuList)
            throws Exception {
        for (int caseId = 1; caseId <= CPP_CASES.length; caseId++) {
            for (int threads : threadCounts) {
                for (CppRun r : runCpp(context, cpp, threads, caseId, figures.count(), cpuList)) {
                    checkCpp(r);
                    add(figures, new Cell("C++ " + r.caseName(), threads), r.durationNs(), r.counter(), r.perThread());
                }
            }
        }
        if (figures.mostThreads() > 1) {
            for (int caseId : RECORDING_CASES) {
                for (CppRun r : runCpp(context, cpp, figures.mostThreads(), caseId, figures.recorded(), cpuList)) {
                    checkCpp(r);
                    addRunLengths(figures, new Cell("C++ " + r.caseName(), r.threads()), r.runLengths());
                }
            }
        }
    }

    private static List<CppRun> runCpp(
            RunContext context, NativePrograms.Program cpp, int threads, int caseId, long count, String cpuList)
            throws Exception {
        Object[] args = cpuList.isEmpty()
                ? new Object[] {threads, caseId, count, 1}
                : new Object[] {threads, caseId, count, 1, cpuList};
        List<String> lines = cpp.run(context.workDir().resolve("atomic_inc.log"), 600, args);
        return ThreadedRuns.parseLines(lines, CppRun.class);
    }

    /** One round of the Java side: one forked JVM, every case twice (warm-up, measured), then recording. */
    private static void runJava(
            RunContext context, Figures figures, List<Integer> threadCounts, List<Integer> cpus, int round)
            throws Exception {
        List<CasRun.Run> javaRuns = context.fork(CasRun.class)
                .name("CasRun-round" + round)
                .jvmArgs("-Xmx" + (64 + 8L * figures.mostThreads() * figures.recorded() / (1 << 20)) + "m")
                .input(new CasRun.Input(figures.count(), 2, threadCounts, cpus, round, figures.recorded()))
                .timeoutSeconds(900)
                .run(CasRun.Run.class);
        for (CasRun.Run r : javaRuns) {
            if (r.run() == 0) {
                continue;
            }
            Cell cell = new Cell(javaLabel(CasRun.Case.valueOf(r.javaCase())), r.threads());
            if (r.runLengths() != null) {
                addRunLengths(figures, cell, r.runLengths());
            } else {
                add(figures, cell, r.durationNs(), r.counter(), r.perThread());
            }
        }
    }

    private static void add(Figures figures, Cell cell, long durationNs, long counter, long[] perThread) {
        figures.nsPerOp().computeIfAbsent(cell, k -> new ArrayList<>()).add(durationNs / (double) counter);
        if (cell.threads() > 1 && perThread != null && perThread.length == cell.threads()) {
            figures.fairness().computeIfAbsent(cell, k -> new ArrayList<>()).add(Fairness.of(perThread));
        }
    }

    private static void addRunLengths(Figures figures, Cell cell, RunLengths runLengths) {
        if (runLengths == null) {
            throw new IllegalStateException(cell.label() + " at " + cell.threads() + " threads: no run lengths");
        }
        figures.runLengths().computeIfAbsent(cell, k -> new ArrayList<>()).add(runLengths);
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

    /** One language's figures for the verdict: its increment alone and contended, and its run lengths. */
    private static CasClaims.Side side(Figures figures, String language, String increment, String label) {
        return new CasClaims.Side(
                language,
                increment,
                figures.ns(label, 1),
                figures.mostThreads() > 1 ? figures.ns(label, figures.mostThreads()) : List.of(),
                figures.medianRunLengths(label),
                figures.overlap(label));
    }

    /** The post's loop a case mirrors ("C++ LOCK XADD": "LOCK XADD"). */
    static String postLoop(String javaLabel) {
        if (javaLabel.startsWith("C++ ")) {
            return javaLabel.substring(4);
        }
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
}
