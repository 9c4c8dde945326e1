package mechsym.lab.experiments.interthreadlatency;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.rigs.pingpong.Cells;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.lab.rigs.pingpong.RoundTrips;
import mechsym.lab.rigs.pingpong.StoreMode;
import mechsym.lab.rigs.pingpong.TimedPingPong;
import mechsym.lab.rigs.threads.ThreadedRuns;
import mechsym.lab.seeds.SeedPosts;
import mechsym.tools.asm.Hsdis;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.NativePrograms;

/*
 * Seed 001, "Printing Generated Assembly Code From The Hotspot JIT Compiler" (Martin Thompson,
 * Mechanical Sympathy, 2013).
 *
 * Claim: HotSpot compiles a volatile store to a mov followed by a full fence (lock addl $0,(%rsp));
 * the post's busy-spinning volatile ping-pong measures the latency between two threads but prints no
 * figure. That the weaker setRelease / setOpaque stores do without the fence is the cache-fallacy and
 * lazySet posts' point: the fence table shows it as context. mechsym's goal, reported beside the
 * verdict: a Java ping-pong within 15% of a C++ std::atomic ping-pong in the same run, judged where
 * four cores can be pinned (two busy threads on fewer measure the scheduler as much as the code).
 *
 *   ping thread                            pong thread
 *   publish(ping, i)   ------------------>  while (read(ping) != i) spin
 *   while (read(pong) != i) spin            publish(pong, i)
 *                      <------------------
 *
 * Variants, interleaved round by round so drift on a shared machine spreads over all of them:
 *   Java volatile (the post)        mov + lock addl      one forked JVM per variant and round
 *   Java setRelease / getAcquire    mov                  (the access mode is a JIT constant)
 *   Java setOpaque / getOpaque      mov
 *   C++ std::atomic release         mov                  native/pingpong.cpp, the hardware baseline
 *   C++ std::atomic seq_cst         xchg                 the C++ equivalent of a volatile store
 * Each run lasts a fixed time; RTT = run time / round trips; the first run of each JVM is warm-up.
 * Then the distribution (the shared TimedPingPong): the volatile ping-pong with every round trip
 * timed into HdrHistogram, with the post's unpadded cells (two fields on one line), padded cells and
 * core's Sequence, on two cores of one socket (CpuTopology picks them), the padded cells also on one
 * CPU, on SMT siblings and across sockets where the machine has them, and unpinned; p50 to max, an
 * .hgrm file per case.
 *
 * Sensitive to: where the scheduler puts the two threads (same core's hyperthreads, two cores,
 * two sockets), other load on the machine (a spinning thread descheduled for a time slice costs
 * milliseconds), power states, and virtualisation.
 *
 * Quick profile on 2 vCPUs: about 20 s (an estimate from its forks and iterations; `./mechsym lab
 * inter-thread-latency` prints the measured time as 'done in N s'): three rounds of three JVMs and
 * two C++ runs (seven where four cores let the goals be judged, about 35 s), three distribution JVMs
 * (five cases of 3 x 250 ms), then the fence listing.
 */
public final class InterThreadLatencyExperiment implements Experiment {
    private static final String SEED_MACHINE =
            "the post's x86-64 Linux machine (not named), Oracle Java 7 HotSpot C2; the post prints no latency figures";

    /** One line of native/pingpong's output. */
    public record CppRun(String order, int run, long roundTrips, long durationNs, double rttNs) {}

    @Override
    public String id() {
        return "inter-thread-latency";
    }

    @Override
    public String title() {
        return "Inter-thread latency: a busy-spinning ping-pong, Java access modes against C++ std::atomic";
    }

    @Override
    public Seed seed() {
        return SeedPosts.PRINTING_GENERATED_ASSEMBLY;
    }

    @Override
    public String claim() {
        return "HotSpot's C2 compiles a volatile store to a mov followed by a lock addl fence.";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed-asm", "the C2 code the post printed for PongRunner.run", SEED_MACHINE)
                .column("Java source")
                .column("x86 (AT&T syntax)")
                .column("what it does")
                .row("while (i != ping)", "mov 0x74(%r10),%r9d; cmp %r9d,%r11d; jne", "a volatile load is a plain load")
                .row("pong = i", "mov %r11d,0x78(%r10)", "the store, into the store buffer")
                .row("(after pong = i)", "lock addl $0x0,(%rsp)", "full fence: waits for the store buffer to drain")
                .note("The post: 'the same action could have been performed more efficiently and correctly with a"
                        + " single LOCK XCHG instruction for the write'. Today's HotSpot writes lock addl to"
                        + " -0x40(%rsp) instead of (%rsp), still a fence after a mov; GCC uses xchg for a"
                        + " seq_cst std::atomic store.")
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        // Rounds are cheap here (~3 s each in the quick profile) and the goals decide through the
        // per-round ratios: seven give their median a 98% interval, where three leave it the whole range.
        // Below four cores the goals cannot be judged, so the quick profile shows three rounds as context.
        boolean goalsJudgeable =
                CpuPair.tooFewCoresForTwoThreads(CpuTopology.ofThisProcess()).isEmpty();
        int rounds = profile.pick(1, goalsJudgeable ? 7 : 3, 9);
        long runMillis = profile.pick(40L, 150L, 1000L);
        int runsPerJvm = profile.pick(2, 3, 6); // the first is warm-up
        double loadBefore = ThreadedRuns.loadAverage();
        NativePrograms.Program cpp = NativePrograms.program("pingpong");
        if (!cpp.isAvailable()) {
            result.note("No C++ baseline in this run: " + cpp.problem() + ". Install make and g++ to get it.");
        }

        // 1. the mean round trip of every variant, the variants interleaved round by round
        InterThreadLatencyReport report = new InterThreadLatencyReport();
        int steps = rounds * (cpp.isAvailable() ? Variant.ALL.size() : 3);
        context.progress().start("ping-pong, " + rounds + " rounds of " + runMillis + " ms runs", steps);
        for (int round = 0; round < rounds; round++) {
            for (Variant v : Rounds.inTurn(Variant.ALL, round)) { // Java first, then C++ first, ...
                if (v.javaMode() != null) {
                    List<PingPong.Run> runs = context
                            .fork(PingPong.class)
                            .name(v.javaMode() + "-round" + round)
                            .jvmArgs("-Xmx64m", "-D" + PingPong.MODE_PROPERTY + "=" + v.javaMode())
                            .input(new PingPong.Input(runMillis, runsPerJvm))
                            .timeoutSeconds(120)
                            .run(PingPong.Run.class)
                            .stream()
                            .filter(r -> r.run() > 0)
                            .toList();
                    report.add(
                            v,
                            runs.stream().map(PingPong.Run::rttNs).toList(),
                            runs.stream().mapToLong(PingPong.Run::roundTrips).sum());
                } else if (cpp.isAvailable()) {
                    List<String> lines = cpp.run(
                            context.workDir().resolve("pingpong-" + v.cppOrder() + ".log"),
                            120,
                            runMillis,
                            runsPerJvm - 1,
                            v.cppOrder());
                    List<CppRun> runs = ThreadedRuns.parseLines(lines, CppRun.class);
                    report.add(
                            v,
                            runs.stream().map(CppRun::rttNs).toList(),
                            runs.stream().mapToLong(CppRun::roundTrips).sum());
                } else {
                    continue;
                }
                context.progress().step();
            }
        }
        report.tables(result, runMillis, rounds, runsPerJvm);

        // 2. the volatile ping-pong as a distribution, by cell layout and thread placement
        distributions(context, result);
        ThreadedRuns.noteMachine(result, 2, loadBefore);

        // 3. the post's observation: a volatile store is a mov and a lock addl
        Hsdis hsdis = Hsdis.find();
        FenceCheck.Fences fences = hsdis.isAvailable()
                ? FenceCheck.disassembledFences(context, result, hsdis)
                : FenceCheck.fences(context, result);
        if (hsdis.isAvailable()) {
            result.note("The fence table reads HotSpot's code as instructions, disassembled by mechsym's own plugin"
                    + " (native/hsdis over capstone, " + hsdis.library().getFileName() + "). The whole code: mechsym"
                    + " asm '" + PingPong.class.getName() + "::*ng' --jvm-arg=-D" + PingPong.MODE_PROPERTY
                    + "=VOLATILE -- 300 2; the post's point in three lines: mechsym asm.");
        } else {
            result.note("The fence table reads HotSpot's own code dump (-XX:CompileCommand=print) as hex, because no"
                    + " disassembler plugin could be had: "
                    + hsdis.problem().lines().findFirst().orElse("")
                    + " (Debian's libhsdis0-fcml does not load in JDK 25; mechsym builds its own with make -C"
                    + " native hsdis, which needs libcapstone-dev). With it, mechsym asm prints the instructions.");
        }
        report.verdict(result, fences);
    }

    /**
     * The post's volatile ping-pong as a distribution: every round trip timed into HdrHistogram, the
     * post's unpadded cells beside padded ones and core's Sequence on two cores of a socket, and the
     * padded cells also at every other placement this machine has and where the scheduler puts them.
     * One fork per layout.
     */
    private static void distributions(RunContext context, ExperimentResult.Builder result) throws Exception {
        long runMillis = context.profile().pick(30L, 250L, 1000L);
        int runs = context.profile().pick(2, 3, 6); // the first is warm-up
        List<CpuPair> pairs = CpuPair.allHere();
        RoundTrips roundTrips = new RoundTrips();
        context.progress().message("ping-pong distributions: " + Cells.Layout.values().length + " forks");
        for (Cells.Layout layout : Cells.Layout.values()) {
            List<RoundTrips.Placed> cases = new ArrayList<>();
            for (CpuPair pair : placed(pairs, layout)) {
                cases.add(new RoundTrips.Placed(StoreMode.VOLATILE, pair.label(), pair.first(), pair.second()));
            }
            if (layout == Cells.Layout.PADDED) {
                int free = TimedPingPong.UNPINNED;
                cases.add(new RoundTrips.Placed(StoreMode.VOLATILE, "unpinned", free, free));
            }
            roundTrips.fork(context, "rtt", layout, runMillis, runs, cases);
        }
        roundTrips.report(
                result,
                "rtt-distribution",
                "volatile ping-pong, each round trip timed: distribution by cell layout and placement",
                "One forked JVM per layout, " + (runs - 1) + " measured runs of " + runMillis + " ms per row after a"
                        + " warm-up run. Percentile files: rtt-*.hgrm in this experiment's folder. On one CPU a"
                        + " waiting thread yields after 1000 spins, so each hand-off is a switch between threads.");
    }

    /**
     * The pinned placements a layout runs at: every layout across two cores of a socket; the padded
     * cells also at every other placement this machine has (one CPU, SMT siblings, two sockets).
     */
    private static List<CpuPair> placed(List<CpuPair> pairs, Cells.Layout layout) {
        return pairs.stream()
                .filter(p -> layout == Cells.Layout.PADDED || p.placement() == CpuTopology.Placement.CROSS_CORE)
                .sorted(java.util.Comparator.comparing(p -> p.placement() != CpuTopology.Placement.CROSS_CORE))
                .toList();
    }
}
