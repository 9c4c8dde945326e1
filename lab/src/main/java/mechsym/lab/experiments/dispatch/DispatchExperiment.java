package mechsym.lab.experiments.dispatch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.AdaptiveRounds;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Measure;
import mechsym.lab.Profile;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 000, "Invoke Interface Optimisations" (Martin Thompson, Mechanical Sympathy, 2012).
 *
 * Claim: HotSpot inlines an interface call site while it has seen one implementation
 * (monomorphic), still does well with two (bimorphic), and falls to a plain itable call once a
 * third arrives (megamorphic) - and never recovers in that JVM: ops/sec drops in steps and stays
 * down, ~3.1e9 -> ~1.0e9 -> ~0.3e9 on the post's Sandy Bridge.
 *
 *   phase:   1          2          3          4          5 ... 12
 *   type:    StepInc    StepDec    Inc        Dec        (the four again, twice)
 *   site:    mono       bi         mega       mega       mega
 *
 * Two measurements:
 *  1. the post's program, forked with -XX:+PrintCompilation (as the post used to watch opRun
 *     being recompiled), one JVM per repetition: ten timed runs per phase; each claim is a ratio of
 *     two phases' median runs per fork, judged over the forks (DispatchClaims);
 *  2. a JMH benchmark of one call site seeing 1, 2, 3 or 4 types, each in its own fork, the modern
 *     way to ask the same question without the phases' history.
 * Sensitive to: inlining heuristics of the JDK (type profile width, -XX:TypeProfileMajorReceiverPercent),
 * tiered compilation, on-stack replacement in the post's long loops.
 *
 * Sizes: quick, the post's program in three forks (up to nine while a ratio straddles its line,
 * AdaptiveRounds) of two loops of 20M iterations per run, then
 * four short JMH forks (context), about 30 s on 2 vCPUs; full, five forks of the post's three loops
 * of 50M.
 */
public final class DispatchExperiment implements Experiment {
    private static final String SEED_MACHINE = "Intel Sandy Bridge 2.4GHz, Linux 3.3.2, Oracle Java 1.7.0_02 server";

    /** The post's output: per phase (loop 0..2 x four operations) its ten runs, ops/sec. */
    private static final long[][] SEED_RUNS = {
        {
            2256816714L,
            2245800936L,
            3161643847L,
            3100375269L,
            3144364173L,
            3091009138L,
            3089241641L,
            3153922056L,
            3147331497L,
            3076211099L
        },
        {
            623131120L,
            659686236L,
            1029231089L,
            1021060933L,
            999287607L,
            1015432172L,
            1023581307L,
            1019266750L,
            1022726580L,
            1004237016L
        },
        {
            301419319L,
            304712250L,
            307269912L,
            308519923L,
            307372436L,
            306230247L,
            307964022L,
            306243292L,
            308689942L,
            365152716L
        },
        {
            236804700L,
            237912786L,
            238672489L,
            278745901L,
            278169934L,
            277979158L,
            276620509L,
            278349766L,
            276159225L,
            278578373L
        },
        {
            276054944L,
            276683805L,
            276551970L,
            279861144L,
            275543192L,
            278451092L,
            275399262L,
            277340411L,
            274529616L,
            277091930L
        },
        {
            279729066L,
            279812269L,
            276478587L,
            277660649L,
            276844441L,
            278684313L,
            277791665L,
            277617484L,
            278575241L,
            278228274L
        },
        {
            277724770L,
            278234042L,
            276798434L,
            277926962L,
            277786824L,
            278739590L,
            275286293L,
            279062831L,
            276672019L,
            277248956L
        },
        {
            277303150L,
            277746139L,
            276245511L,
            278559202L,
            274683406L,
            279280730L,
            276174620L,
            276374159L,
            275943446L,
            277765688L
        },
        {
            278405907L,
            278713953L,
            276841096L,
            277891660L,
            275716314L,
            277474242L,
            277715270L,
            277857014L,
            275956486L,
            277675378L
        },
        {
            277273039L,
            278101972L,
            275694572L,
            276312449L,
            275964418L,
            278423621L,
            276498569L,
            276593475L,
            276238451L,
            277057568L
        },
        {
            275700451L,
            277463507L,
            275886477L,
            277546096L,
            275019816L,
            278242287L,
            277317964L,
            277252014L,
            276893038L,
            277601325L
        },
        {
            275580894L,
            280146646L,
            276901134L,
            276672567L,
            276879422L,
            278674196L,
            275606174L,
            278132534L,
            275858358L,
            279444112L
        },
    };

    /** "made not entrant" lines for opRun in the post's PrintCompilation output. */
    private static final int SEED_NOT_ENTRANT = 4;

    /** The post's "in the order of 12 cycles" per call it cannot avoid. */
    private static final int SEED_CYCLES_PER_CALL = 12;

    @Override
    public String id() {
        return "dispatch";
    }

    @Override
    public String title() {
        return "Interface call sites: monomorphic, bimorphic, megamorphic";
    }

    @Override
    public Seed seed() {
        return SeedPosts.INVOKE_INTERFACE;
    }

    @Override
    public String claim() {
        return "An interface call site runs fastest monomorphic, slower bimorphic and slowest once megamorphic,"
                + " in steps (~3.1e9, ~1.0e9, ~0.3e9 ops/sec on the post's machine), and stays megamorphic.";
    }

    @Override
    public List<Table> seedFigures() {
        Table.Builder t = Table.seed(
                        "seed-phases", "ops/sec per phase of the post's program, 10 runs each", SEED_MACHINE)
                .column("phase", "#")
                .column("loop", "#")
                .column("operation")
                .summaryColumns("ops/s");
        for (int phase = 0; phase < SEED_RUNS.length; phase++) {
            double[] runs =
                    java.util.Arrays.stream(SEED_RUNS[phase]).asDoubleStream().toArray();
            t.row(phase + 1, phase / 4, DispatchReport.OPERATIONS[phase % 4], Summary.of(runs));
        }
        Table compilation = Table.seed("seed-compilation", "what the post read in -XX:+PrintCompilation", SEED_MACHINE)
                .column("figure")
                .column("value", "count or cycles")
                .column("the post says")
                .row(
                        "opRun made not entrant",
                        SEED_NOT_ENTRANT,
                        "3 times for the newly discovered classes and once for removing the OSR version")
                .row(
                        "cost of a call that is not inlined, cycles",
                        SEED_CYCLES_PER_CALL,
                        "method calls are relatively cheap on a modern JVM, in the order of 12 cycles")
                .note("Both from the post's text: four 'made not entrant' lines for OperationPerfTest::opRun in its"
                        + " PrintCompilation output, and its conclusion's ~12 cycles per call.")
                .build();
        return List.of(t.build(), compilation);
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        int iterations = profile.pick(1_000_000, 20_000_000, 50_000_000);
        int loops = profile.pick(2, 2, 3); // the second loop shows whether the site recovers
        // a fork takes about 4 s in quick: a phase ratio that straddles its line gets the forks that can decide it
        AdaptiveRounds forks = profile.pick(
                AdaptiveRounds.fixed(2),
                AdaptiveRounds.of(3, Measure.repetitionsToDropExtremes(), Duration.ofSeconds(50)),
                AdaptiveRounds.fixed(5));

        // 1. the post's program, one forked JVM per repetition
        List<Map<Integer, List<Double>>> programForks = new ArrayList<>();
        List<Long> recompilations = new ArrayList<>();
        while (forks.another(() -> DispatchClaims.judge(new DispatchFigures(programForks)))) {
            int fork = forks.current();
            context.progress()
                    .message("the post's program, fork " + (fork + 1) + ": " + loops
                            + " loops x 4 operations x 10 runs of " + iterations);
            String forkName = "OperationPerfTest-" + (fork + 1);
            Map<Integer, List<Double>> byPhase = new TreeMap<>();
            context.fork(OperationPerfTest.class)
                    .name(forkName)
                    .jvmArgs("-Xmx256m", "-XX:+PrintCompilation")
                    .input(new OperationPerfTest.Input(iterations, loops))
                    .run(OperationPerfTest.Run.class)
                    .forEach(r -> byPhase.computeIfAbsent(r.phase(), p -> new ArrayList<>())
                            .add((double) r.opsPerSec()));
            programForks.add(byPhase);
            recompilations.add(countRecompilations(context.workDir().resolve(forkName + ".log")));
        }
        DispatchFigures figures = new DispatchFigures(programForks);
        DispatchReport.program(result, figures, iterations);
        result.note("The post's program: " + forks.summary("fork") + ".");
        result.table(DispatchReport.compilation(recompilations, SEED_NOT_ENTRANT));

        // 2. JMH: one call site, 1..4 receiver types, a fork each (context)
        JmhBenchmarks jmh = context.jmh();
        int iterationsJmh = profile.pick(1, 3, 5);
        DispatchReport.callSite(
                result,
                jmh.run(jmh.options()
                        .include(CallSiteBenchmark.class.getName() + ".callSite")
                        .forks(profile.pick(1, 1, 2))
                        .warmupIterations(profile.pick(1, 2, 5)) // a one-line loop: C2 has it well inside a second
                        .warmupTime(TimeValue.milliseconds(profile.pick(100, 500, 1000)))
                        .measurementIterations(iterationsJmh)
                        .measurementTime(TimeValue.milliseconds(profile.pick(100, 500, 1000)))),
                iterationsJmh);

        result.verdict(DispatchClaims.judge(figures));
    }

    /** Counts "made not entrant" lines for opRun in the fork's PrintCompilation output; -1 if unreadable. */
    private static long countRecompilations(Path log) {
        try {
            return Files.readAllLines(log).stream()
                    .filter(l -> l.contains("OperationPerfTest::opRun") && l.contains("made not entrant"))
                    .count();
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
