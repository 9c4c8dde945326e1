package mechsym.lab.experiments.dispatch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Chart;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
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
 *     being recompiled): ten timed runs per phase, min/median/max ops/sec per phase;
 *  2. a JMH benchmark of one call site seeing 1, 2, 3 or 4 types, each in its own fork, the modern
 *     way to ask the same question without the phases' history.
 * Sensitive to: inlining heuristics of the JDK (type profile width, -XX:TypeProfileMajorReceiverPercent),
 * tiered compilation, on-stack replacement in the post's long loops.
 *
 * Quick profile: about 30 s: the post's program in one fork, then four JMH forks, on 2 vCPUs (an
 * estimate from its forks and iterations; `./mechsym lab dispatch` prints the measured time as
 * 'done in N s').
 */
public final class DispatchExperiment implements Experiment {
    private static final String SEED_MACHINE = "Intel Sandy Bridge 2.4GHz, Linux 3.3.2, Oracle Java 1.7.0_02 server";
    private static final String[] OPERATIONS = {"StepIncOperation", "StepDecOperation", "IncOperation", "DecOperation"};

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
            t.row(phase + 1, phase / 4, OPERATIONS[phase % 4], Summary.of(runs));
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
        int iterations = profile.pick(1_000_000, 50_000_000, 50_000_000);
        int loops = 3;

        // 1. the post's program
        context.progress().message("the post's program: " + loops + " loops x 4 operations x 10 runs of " + iterations);
        String forkName = "OperationPerfTest";
        List<OperationPerfTest.Run> runs = context.fork(OperationPerfTest.class)
                .name(forkName)
                .jvmArgs("-Xmx256m", "-XX:+PrintCompilation")
                .args(iterations, loops)
                .run(OperationPerfTest.Run.class);
        Map<Integer, List<Double>> byPhase = new TreeMap<>();
        runs.forEach(
                r -> byPhase.computeIfAbsent(r.phase(), p -> new ArrayList<>()).add((double) r.opsPerSec()));
        Table.Builder phases = Table.measured("phases", "ops/sec per phase of the post's program, 10 runs each")
                .column("phase", "#")
                .column("loop", "#")
                .column("operation")
                .summaryColumns("ops/s")
                .note("The post's OperationPerfTest, " + iterations + " iterations per run, one forked JVM with"
                        + " -XX:+PrintCompilation.");
        List<Summary> medians = new ArrayList<>();
        byPhase.forEach((phase, samples) -> {
            Summary s = Summary.of(samples);
            medians.add(s);
            phases.row(phase + 1, phase / 4, OPERATIONS[phase % 4], s);
        });
        result.table(phases.build());
        long recompilations = countRecompilations(context.workDir().resolve(forkName + ".log"));
        if (recompilations >= 0) {
            result.table(Table.measured("compilation", "what -XX:+PrintCompilation shows of the post's program")
                    .column("figure")
                    .column("value", "count")
                    .row("opRun made not entrant", recompilations)
                    .note("Lines of the fork's PrintCompilation output naming OperationPerfTest::opRun and 'made not"
                            + " entrant' (the post counted " + SEED_NOT_ENTRANT + "): each new receiver type"
                            + " invalidates the code compiled for the old profile.")
                    .build());
        }
        result.chart(Chart.line(
                        "phases",
                        "ops/sec per phase: the post's Sandy Bridge and this machine",
                        List.of("seed-phases", "phases"),
                        "phase",
                        "median",
                        null,
                        "ops/sec (median of 10 runs, log scale)")
                .withLogY());

        // 2. JMH: one call site, 1..4 receiver types, a fork each
        JmhBenchmarks jmh = context.jmh();
        int iterationsJmh = profile.pick(1, 3, 5);
        List<JmhBenchmarks.Score> scores = jmh.run(jmh.options()
                .include(CallSiteBenchmark.class.getName() + ".callSite")
                .forks(profile.pick(1, 1, 2))
                .warmupIterations(profile.pick(1, 2, 5)) // a one-line loop: C2 has it well inside a second
                .warmupTime(TimeValue.milliseconds(profile.pick(100, 1000, 1000)))
                .measurementIterations(iterationsJmh)
                .measurementTime(TimeValue.milliseconds(profile.pick(100, 1000, 1000))));
        Table.Builder sites = Table.measured("call-site-jmh", "one call site seeing N receiver types (JMH)")
                .column("receiver types", "#")
                .column("call site")
                .column("score", "ns/call")
                .column("error (99.9%)", "ns/call")
                .column("throughput", "ops/s")
                .note("JMH CallSiteBenchmark, average time, " + iterationsJmh + " measurement iterations; each"
                        + " type count in its own fork.");
        Map<Integer, Double> nsPerCall = new TreeMap<>();
        for (JmhBenchmarks.Score s : scores) {
            int types = Integer.parseInt(s.param("types"));
            nsPerCall.put(types, s.score());
            sites.row(types, kind(types), s.score(), s.error(), 1e9 / s.score());
        }
        result.table(sites.build());
        result.chart(Chart.bar(
                "call-site-jmh",
                "ns per call by receiver types at one call site (JMH)",
                List.of("call-site-jmh"),
                "call site",
                "score",
                null,
                "ns/call"));

        verdict(result, medians, nsPerCall);
    }

    private static void verdict(
            ExperimentResult.Builder result, List<Summary> medians, Map<Integer, Double> nsPerCall) {
        Double mono = medians.size() > 0 ? medians.get(0).median() : null;
        Double bi = medians.size() > 1 ? medians.get(1).median() : null;
        Double mega = medians.size() > 2
                ? medians.subList(2, medians.size()).stream()
                        .mapToDouble(Summary::median)
                        .max()
                        .orElseThrow()
                : null;
        if (mono != null && bi != null && mega != null) {
            result.headline(String.format(
                    Locale.ROOT,
                    "post's program: mono %.2e, bi %.2e, mega (best later phase) %.2e ops/s -> steps %.1fx and %.1fx",
                    mono,
                    bi,
                    mega,
                    mono / bi,
                    bi / mega));
        }
        if (nsPerCall.containsKey(1) && nsPerCall.containsKey(2) && nsPerCall.containsKey(3)) {
            // the JMH call site isolates the dispatch the post's loop mixes with its own work
            result.headline(String.format(
                    Locale.ROOT,
                    "JMH call site: 1 type %.2f, 2 types %.2f, 3 types %.2f, 4 types %.2f ns/call; 2 types %.1fx the"
                            + " time of 1 (both inlined), 3 types %.1fx that of 2 (a virtual call)",
                    nsPerCall.get(1),
                    nsPerCall.get(2),
                    nsPerCall.get(3),
                    nsPerCall.getOrDefault(4, Double.NaN),
                    nsPerCall.get(2) / nsPerCall.get(1),
                    nsPerCall.get(3) / nsPerCall.get(2)));
        }
        result.verdict(DispatchVerdict.judge(mono, bi, mega));
    }

    private static String kind(int types) {
        return switch (types) {
            case 1 -> "monomorphic";
            case 2 -> "bimorphic";
            default -> "megamorphic (" + types + ")";
        };
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
