package mechsym.lab.experiments.nullcheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/** The null-check experiment's tables and charts: the post's benchmarks per compiler, a sometimes-null reference. */
final class NullCheckReport {
    private NullCheckReport() {}

    /** Per compiler and benchmark, the rounds' ops/ms: the median as "score", and the chart beside the post's. */
    static void postBenchmarks(ExperimentResult.Builder result, NullCheckFigures figures, String timing) {
        Table.Builder post = Table.measured("null-check", "the post's benchmarks, and a static final flag (JMH)")
                .column("compiler")
                .column("benchmark")
                .column("score", "ops/ms")
                .column("min", "ops/ms")
                .column("max", "ops/ms")
                .column("rounds", "#")
                .note("JMH NeverNullAlwaysTrue, throughput, " + timing + "; score is the median over the rounds of"
                        + " each fork's median iteration. There is no client VM on JDK 25: C1 alone"
                        + " (-XX:TieredStopAtLevel=1) stands in for it, C2 (tiered, the default) for the server"
                        + " VM. testStaticFinalFlag (first round only, context) branches on a static final boolean"
                        + " read at class initialisation: both compilers fold it.");
        Map<String, List<Map<String, Double>>> byCompiler = new LinkedHashMap<>();
        byCompiler.put(NullCheckExperiment.C2, figures.c2());
        byCompiler.put(NullCheckExperiment.C1, figures.c1());
        byCompiler.forEach((compiler, rounds) -> {
            Map<String, List<Double>> byMethod = new LinkedHashMap<>();
            rounds.forEach(scores -> scores.forEach((method, opsPerMs) ->
                    byMethod.computeIfAbsent(method, m -> new ArrayList<>()).add(opsPerMs)));
            byMethod.forEach((method, values) -> {
                Summary s = Summary.of(values);
                post.row(compiler, method, s.median(), s.min(), s.max(), s.n());
            });
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
    }

    /** A reference that is sometimes null: ops/ms by nulls rate, the deoptimisations JFR saw. */
    static void sometimesNull(
            ExperimentResult.Builder result, List<JmhBenchmarks.Score> sometimes, Path jfrDir, String packageName)
            throws java.io.IOException {
        Table.Builder nulls = Table.measured("sometimes-null", "a reference that is sometimes null (JMH, C2)")
                .column("nulls")
                .column("score", "ops/ms")
                .column("error (99.9%)", "ops/ms")
                .column("vs never", "x")
                .column("deoptimisations")
                .column("reasons")
                .note("JMH SometimesNullBenchmark, one fork per rate: one branch per op on the next reference of a"
                        + " ring of " + SometimesNullBenchmark.RING + ", the post's null/present test; the first"
                        + " warm-up iteration has no null (C2 compiles a never-null branch), the nulls arrive from the"
                        + " second. Deoptimisations: JFR jdk.Deoptimization events of the benchmark's own methods"
                        + " over the whole fork (JMH's loop excluded), method: reason / action; the recordings are in"
                        + " jfr/. Context: the post does not measure it.");
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
            Map<String, Integer> reasons = Files.exists(jfr) ? Deoptimizations.byReason(jfr, packageName) : null;
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
    }
}
