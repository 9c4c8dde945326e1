package mechsym.lab.experiments.nullcheck;

import java.nio.file.Files;
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
import mechsym.lab.Table;
import mechsym.lab.Verdict;
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
 * noise (the rows differ by less than a 2-vCPU VM's jitter unless interleaved and repeated).
 */
public final class NullCheckExperiment implements Experiment {
    private static final String SEED_MACHINE =
            "not stated in the post (2013, HotSpot 'server' and 'client' VMs, JMH" + " 20 x 5 s iterations, 1 thread)";
    static final String C2 = "C2 (default; stand-in for the server VM)";
    static final String C1 = "C1 only, -XX:TieredStopAtLevel=1 (stand-in for the client VM)";
    static final String[] POST_BENCHMARKS = {
        "testPresentPresent", "testTrueTrue", "testZPresentPresent", "testZTrueTrue"
    };
    /** Within this fraction of each other, null/present and true/false cost the same under C2. */
    static final double SAME_WITHIN = 0.05;
    /** True/false at least this much faster than null/present under C1: half the post's ~17%. */
    static final double C1_FASTER_BY = 0.075;

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
        int warmups = profile.pick(2, 2, 5); // SometimesNullBenchmark: no nulls in the first, nulls from the second
        int iterations = profile.pick(1, 3, 10);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 200, 1000));
        String timing = JmhBenchmarks.oneForkTiming(warmups, iterations, time);

        // 1. the post's benchmarks, once per compiler
        Map<String, Map<String, JmhBenchmarks.Score>> byCompiler = new LinkedHashMap<>();
        for (String compiler : List.of(C2, C1)) {
            String[] flags = compiler.equals(C1) ? new String[] {"-XX:TieredStopAtLevel=1"} : new String[0];
            Map<String, JmhBenchmarks.Score> scores = new LinkedHashMap<>();
            for (JmhBenchmarks.Score s : jmh.run(JmhBenchmarks.oneFork(
                    jmh.options(flags).include(NeverNullAlwaysTrue.class.getName() + "\\."),
                    warmups,
                    iterations,
                    time))) {
                scores.put(s.method(), s);
            }
            byCompiler.put(compiler, scores);
        }
        Table.Builder post = Table.measured("null-check", "the post's benchmarks, and a static final flag (JMH)")
                .column("compiler")
                .column("benchmark")
                .column("score", "ops/ms")
                .column("error (99.9%)", "ops/ms")
                .column("vs testPresentPresent", "x")
                .note("JMH NeverNullAlwaysTrue, throughput, " + timing + ". There is no client VM on JDK 25: C1"
                        + " alone (-XX:TieredStopAtLevel=1) stands in for it, C2 (tiered, the default) for the"
                        + " server VM. testStaticFinalFlag branches on a static final boolean read at class"
                        + " initialisation: both compilers fold it.");
        byCompiler.forEach((compiler, scores) -> {
            JmhBenchmarks.Score base = scores.get("testPresentPresent");
            scores.forEach((method, s) ->
                    post.row(compiler, method, s.score(), s.error(), base == null ? null : s.score() / base.score()));
        });
        result.table(post.build());
        result.chart(Chart.bar(
                        "null-check",
                        "ops/ms of the post's benchmarks: the post's VMs and today's C2 / C1",
                        List.of("seed-null-check", "null-check"),
                        "benchmark",
                        "score",
                        "compiler",
                        "ops/ms")
                .withSeries("seed-null-check", "vm")
                .withLogY());

        // 2. a reference that is sometimes null: the trap, the deoptimisation, the recompiled code
        Path jfrDir = context.workDir().resolve("jfr");
        Files.createDirectories(jfrDir);
        List<JmhBenchmarks.Score> sometimes = jmh.run(JmhBenchmarks.oneFork(
                jmh.options("-D" + SometimesNullBenchmark.JFR_DIR_PROPERTY + "=" + jfrDir)
                        .include(SometimesNullBenchmark.class.getName() + "\\."),
                warmups,
                iterations,
                time));
        Table.Builder nulls = Table.measured("sometimes-null", "a reference that is sometimes null (JMH, C2)")
                .column("nulls")
                .column("score", "ops/ms")
                .column("error (99.9%)", "ops/ms")
                .column("vs never", "x")
                .column("deoptimisations")
                .column("reasons")
                .note("JMH SometimesNullBenchmark, " + timing + ": one branch per op on the next reference of a"
                        + " ring of " + SometimesNullBenchmark.RING
                        + ", the post's null/present test; the first warm-up"
                        + " iteration has no null (C2 compiles a never-null branch), the nulls arrive from the second."
                        + " Deoptimisations: JFR jdk.Deoptimization events of the benchmark's own methods over the"
                        + " whole fork (JMH's loop excluded), method: reason / action; the recordings are in jfr/.");
        Double never = null;
        for (JmhBenchmarks.Score s : sometimes) {
            if (s.param("nulls").equals("never")) {
                never = s.score();
            }
        }
        List<String> deoptLines = new ArrayList<>();
        for (JmhBenchmarks.Score s : sometimes) {
            String label = s.param("nulls");
            Path jfr = jfrDir.resolve("deopt-" + label + ".jfr");
            Map<String, Integer> reasons =
                    Files.exists(jfr) ? Deoptimizations.byReason(jfr, getClass().getPackageName()) : null;
            nulls.row(
                    label,
                    s.score(),
                    s.error(),
                    never == null ? null : s.score() / never,
                    reasons == null ? null : Deoptimizations.total(reasons),
                    reasons == null ? "no recording" : reasons.isEmpty() ? "none" : reasons.toString());
            if (reasons != null && !label.equals("never")) {
                deoptLines.add(label + ": " + Deoptimizations.total(reasons));
            }
        }
        result.table(nulls.build());
        result.chart(Chart.bar(
                "sometimes-null",
                "ops/ms as nulls appear (C2)",
                List.of("sometimes-null"),
                "nulls",
                "score",
                null,
                "ops/ms"));
        if (!deoptLines.isEmpty()) {
            result.headline("deoptimisations by nulls rate (JFR): " + String.join(", ", deoptLines));
        }
        verdict(result, scoresOf(byCompiler.get(C2)), scoresOf(byCompiler.get(C1)));
    }

    private static Map<String, Double> scoresOf(Map<String, JmhBenchmarks.Score> scores) {
        Map<String, Double> out = new LinkedHashMap<>();
        scores.forEach((k, v) -> out.put(k, v.score()));
        return out;
    }

    /** True/false over null/present: the mean of the post's two pairs, or null if a score is missing. */
    static Double trueOverPresent(Map<String, Double> scores) {
        Double pp = scores.get("testPresentPresent");
        Double tt = scores.get("testTrueTrue");
        if (pp == null || tt == null) {
            return null;
        }
        Double zpp = scores.get("testZPresentPresent");
        Double ztt = scores.get("testZTrueTrue");
        return zpp == null || ztt == null ? tt / pp : (tt + ztt) / (pp + zpp);
    }

    /** The same ratio from the post's own table, for the VM named ("server" or "client"). */
    static double seedTrueOverPresent(String vm) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (Object[] row : SEED_ROWS) {
            if (row[0].equals(vm)) {
                scores.put((String) row[1], (Double) row[2]);
            }
        }
        return trueOverPresent(scores);
    }

    /**
     * C2: true/false within {@link #SAME_WITHIN} of null/present; C1: true/false faster by at least
     * {@link #C1_FASTER_BY}. Both: reproduced; one: partly; neither: not reproduced.
     */
    static void verdict(ExperimentResult.Builder result, Map<String, Double> c2, Map<String, Double> c1) {
        Double server = c2 == null ? null : trueOverPresent(c2);
        Double client = c1 == null ? null : trueOverPresent(c1);
        if (server == null || client == null) {
            result.verdict(Verdict.inconclusive("a score of the post's benchmarks is missing ("
                    + (server == null ? "C2" : "C1") + "), so the two forms cannot be compared"));
            return;
        }
        result.headline(String.format(
                Locale.ROOT,
                "true/false over null/present: C2 %.3fx, C1 %.3fx (the post: server %.3fx, client %.3fx)",
                server,
                client,
                seedTrueOverPresent("server"),
                seedTrueOverPresent("client")));
        boolean c2Same = Math.abs(server - 1) <= SAME_WITHIN;
        boolean c1Faster = client >= 1 + C1_FASTER_BY;
        String figures = String.format(
                Locale.ROOT,
                "True/false ran at %.3fx the speed of null/present under C2 (the post's server VM: %.3fx) and"
                        + " %.3fx under C1 (the post's client VM: %.3fx).",
                server,
                seedTrueOverPresent("server"),
                client,
                seedTrueOverPresent("client"));
        if (c2Same && c1Faster) {
            result.verdict(Verdict.reproduced(figures + " C2 makes the two the same; C1 does not."));
        } else if (c2Same) {
            result.verdict(Verdict.partly(figures + " C2 makes the two the same, but C1's true/false is not "
                    + Math.round(C1_FASTER_BY * 1000) / 10.0 + "% faster here: today's C1 compiles the null test as"
                    + " well as the flag."));
        } else if (c1Faster) {
            result.verdict(Verdict.partly(figures + " C1's true/false is faster as in the post, but under C2 the two"
                    + " differ by more than " + Math.round(SAME_WITHIN * 100) + "%."));
        } else {
            result.verdict(Verdict.notReproduced(figures));
        }
    }
}
