package mechsym.lab.experiments.nullcheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.AdaptiveRounds;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Measure;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
import mechsym.lab.seeds.SeedPosts;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 003, "The cost of a null check" (bluedevel, 2013).
 *
 * Claim: control flow by null/present costs the same as control flow by true/false on the server
 * VM (C2), while on the client VM (C1) the true/false form was ~15% faster in the post.
 *
 * Mechanism: C2 compiles `if (o != null)` from its profile: a branch never taken becomes an
 * uncommon trap, so a reference that was never null costs a compare the CPU predicts perfectly
 * (or nothing, when the null check is implicit in a dereference: a trap on the signal). C1 compiles
 * both branches as written. The first null the trap sees deoptimises the method (back to the
 * interpreter) and C2 compiles it again with both branches.
 *
 *   JMH fork, C2 (default) ---- NeverNullAlwaysTrue: the post's four benchmarks + a static final flag
 *   JMH fork, C1 only       \-- the same, -XX:TieredStopAtLevel=1 (there is no client VM since JDK 9)
 *   JMH fork per nulls rate --- SometimesNullBenchmark: never, 1e-6, 1e-3, 0.5; JFR jdk.Deoptimization
 *
 * Sensitive to: the JIT (C2 vs C1, the JDK's profile-driven traps), inlining, and the machine's
 * noise (the rows differ by less than a 2-vCPU VM's jitter unless interleaved and repeated): so the
 * post's benchmarks run in rounds, each a fork per benchmark and compiler, and each claim is judged
 * over the rounds' ratios (NullCheckClaims).
 *
 * Sizes: quick, three rounds of one fork per benchmark and compiler (100 ms warm-up, 3 x 100 ms), up
 * to nine while a ratio straddles its line (AdaptiveRounds, within 80 s), then the sometimes-null
 * forks once: about 40 s, up to 100 s, on 2 vCPUs; full, five rounds of 1 s iterations.
 */
public final class NullCheckExperiment implements Experiment {
    private static final String SEED_MACHINE =
            "not stated in the post (2013, HotSpot 'server' and 'client' VMs, JMH" + " 20 x 5 s iterations, 1 thread)";
    static final String C2 = "C2 (default; stand-in for the server VM)";
    static final String C1 = "C1 only, -XX:TieredStopAtLevel=1 (stand-in for the client VM)";
    static final String[] POST_BENCHMARKS = {
        "testPresentPresent", "testTrueTrue", "testZPresentPresent", "testZTrueTrue"
    };

    /** The post's two tables: VM, benchmark, mean and mean error (ops/msec). */
    private static final Object[][] SEED_ROWS = {
        {"server", "testPresentPresent", 492452.297, 1015.518},
        {"server", "testTrueTrue", 482684.551, 2934.298},
        {"server", "testZPresentPresent", 485969.596, 8488.587},
        {"server", "testZTrueTrue", 484919.891, 2415.732},
        {"client", "testPresentPresent", 67216.614, 2456.394},
        {"client", "testTrueTrue", 78801.555, 2455.900},
        {"client", "testZPresentPresent", 71080.747, 790.894},
        {"client", "testZTrueTrue", 83989.886, 458.524},
    };

    @Override
    public String id() {
        return "null-check";
    }

    @Override
    public String title() {
        return "The cost of a null check: null/present vs true/false control flow, C2 and C1, and a sometimes-null"
                + " reference that deoptimises";
    }

    @Override
    public Seed seed() {
        return SeedPosts.NULL_CHECK;
    }

    @Override
    public String claim() {
        return "With the server VM (C2) control flow by null/present and by true/false run at the same speed (within"
                + " a few %); with the client VM (C1) true/false was ~15% faster.";
    }

    @Override
    public List<Table> seedFigures() {
        Table.Builder seed = Table.seed("seed-null-check", "the post's JMH results (ops/msec)", SEED_MACHINE)
                .column("vm")
                .column("benchmark")
                .column("score", "ops/ms")
                .column("error", "ops/ms")
                .note("Copied from the post: Mode thrpt, 1 thread, Cnt 20, Sec 5, Mean and Mean error, for its"
                        + " 'server' and 'client' VMs.");
        for (Object[] row : SEED_ROWS) {
            seed.row(row);
        }
        return List.of(seed.build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        JmhBenchmarks jmh = context.jmh();
        // a round is two short JMH forks (about 8 s in quick): a ratio that straddles its line gets the
        // rounds that can decide it
        AdaptiveRounds rounds = profile.pick(
                AdaptiveRounds.fixed(1),
                AdaptiveRounds.of(3, Measure.repetitionsToDropExtremes(), Duration.ofSeconds(80)),
                AdaptiveRounds.fixed(5));
        int warmups = profile.pick(1, 1, 5); // the post's one-line benchmarks: C2 has them inside 100 ms
        int sometimesWarmups = profile.pick(2, 2, 5); // SometimesNullBenchmark: no nulls in the first, nulls after
        int iterations = profile.pick(1, 3, 10);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 100, 1000));

        // 1. the post's benchmarks, a fork each, C2 then C1 (turned round by round)
        Map<String, List<Map<String, Double>>> byCompiler = new LinkedHashMap<>();
        while (rounds.another(() -> NullCheckClaims.judge(figures(byCompiler)))) {
            int round = rounds.current();
            context.progress().message("the post's benchmarks, round " + (round + 1));
            for (String compiler : Rounds.inTurn(List.of(C2, C1), round)) {
                String[] flags = compiler.equals(C1) ? new String[] {"-XX:TieredStopAtLevel=1"} : new String[0];
                // the static final flag is context: the first round only
                String include = NeverNullAlwaysTrue.class.getName() + (round == 0 ? "\\." : "\\.test[ZPT]");
                Map<String, Double> scores = new LinkedHashMap<>();
                for (JmhBenchmarks.Score s : jmh.run(
                        JmhBenchmarks.oneFork(jmh.options(flags).include(include), warmups, iterations, time))) {
                    scores.put(s.method(), s.median());
                }
                byCompiler.computeIfAbsent(compiler, c -> new ArrayList<>()).add(scores);
            }
        }
        NullCheckFigures figures = figures(byCompiler);
        NullCheckReport.postBenchmarks(
                result, figures, JmhBenchmarks.oneForkTiming(warmups, iterations, time) + ", " + rounds.summary());
        result.headline(String.format(
                Locale.ROOT,
                "the post's true/false over null/present: server %.3fx, client %.3fx",
                seedTrueOverPresent("server"),
                seedTrueOverPresent("client")));

        // 2. a reference that is sometimes null: the trap, the deoptimisation, the recompiled code (context)
        Path jfrDir = context.workDir().resolve("jfr");
        Files.createDirectories(jfrDir);
        List<JmhBenchmarks.Score> sometimes = jmh.run(JmhBenchmarks.oneFork(
                jmh.options("-D" + SometimesNullBenchmark.JFR_DIR_PROPERTY + "=" + jfrDir)
                        .include(SometimesNullBenchmark.class.getName() + "\\."),
                sometimesWarmups,
                iterations,
                TimeValue.milliseconds(profile.pick(50, 200, 1000))));
        NullCheckReport.sometimesNull(result, sometimes, jfrDir, getClass().getPackageName());

        result.verdict(NullCheckClaims.judge(figures));
    }

    private static NullCheckFigures figures(Map<String, List<Map<String, Double>>> byCompiler) {
        return new NullCheckFigures(byCompiler.getOrDefault(C2, List.of()), byCompiler.getOrDefault(C1, List.of()));
    }

    /** True/false over null/present from the post's own table, for the VM named ("server" or "client"). */
    static double seedTrueOverPresent(String vm) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (Object[] row : SEED_ROWS) {
            if (row[0].equals(vm)) {
                scores.put((String) row[1], (Double) row[2]);
            }
        }
        return NullCheckFigures.trueOverPresent(scores);
    }
}
