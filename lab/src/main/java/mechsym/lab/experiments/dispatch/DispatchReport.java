package mechsym.lab.experiments.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/** The dispatch experiment's tables and charts: the post's program per phase, its recompilations, JMH. */
final class DispatchReport {
    static final String[] OPERATIONS = {"StepIncOperation", "StepDecOperation", "IncOperation", "DecOperation"};

    private DispatchReport() {}

    /** Per phase, the forks' median ops/sec; the chart beside the post's; the steps as a headline. */
    static void program(ExperimentResult.Builder result, DispatchFigures figures, int iterations) {
        Table.Builder phases = Table.measured("phases", "ops/sec per phase of the post's program, median run per fork")
                .column("phase", "#")
                .column("loop", "#")
                .column("operation")
                .summaryColumns("ops/s")
                .note("The post's OperationPerfTest, " + iterations + " iterations per run, ten runs per phase, in "
                        + figures.forks().size() + " forked JVMs with -XX:+PrintCompilation: n, min, median, max are"
                        + " over the forks' median runs.");
        TreeSet<Integer> all = new TreeSet<>();
        figures.forks().forEach(f -> all.addAll(f.keySet()));
        for (int phase : all) {
            List<Double> medians = new ArrayList<>();
            for (Map<Integer, List<Double>> fork : figures.forks()) {
                double m = DispatchFigures.median(fork, phase);
                if (!Double.isNaN(m)) {
                    medians.add(m);
                }
            }
            phases.row(
                    phase + 1,
                    phase / DispatchFigures.OPERATIONS,
                    OPERATIONS[phase % DispatchFigures.OPERATIONS],
                    Summary.of(medians));
        }
        result.table(phases.build());
        result.chart(Chart.line(
                        "phases",
                        "ops/sec per phase: the post's Sandy Bridge and this machine",
                        List.of("seed-phases", "phases"),
                        "phase",
                        "median",
                        null,
                        "ops/sec (median, log scale)")
                .withLogY());
    }

    /** The forks' "made not entrant" lines for opRun, against the post's count. */
    static Table compilation(List<Long> recompilations, int seedCount) {
        Table.Builder table = Table.measured("compilation", "what -XX:+PrintCompilation shows of the post's program")
                .column("fork", "#")
                .column("opRun made not entrant", "count");
        for (int fork = 0; fork < recompilations.size(); fork++) {
            table.row(fork + 1, recompilations.get(fork));
        }
        return table.note("Lines of each fork's PrintCompilation output naming OperationPerfTest::opRun and 'made not"
                        + " entrant' (the post counted " + seedCount + "): each new receiver type invalidates the"
                        + " code compiled for the old profile.")
                .build();
    }

    /** One call site seeing 1..4 receiver types in JMH: a table, a chart and a headline. */
    static void callSite(ExperimentResult.Builder result, List<JmhBenchmarks.Score> scores, int iterations) {
        Table.Builder sites = Table.measured("call-site-jmh", "one call site seeing N receiver types (JMH)")
                .column("receiver types", "#")
                .column("call site")
                .column("score", "ns/call")
                .column("error (99.9%)", "ns/call")
                .column("throughput", "ops/s")
                .note("JMH CallSiteBenchmark, average time, " + iterations + " measurement iterations; each"
                        + " type count in its own fork. Context: the verdict rests on the post's program.");
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
        if (nsPerCall.containsKey(1) && nsPerCall.containsKey(2) && nsPerCall.containsKey(3)) {
            result.headline(String.format(
                    Locale.ROOT,
                    "JMH call site: 1 type %.2f, 2 types %.2f, 3 types %.2f, 4 types %.2f ns/call",
                    nsPerCall.get(1),
                    nsPerCall.get(2),
                    nsPerCall.get(3),
                    nsPerCall.getOrDefault(4, Double.NaN)));
        }
    }

    private static String kind(int types) {
        return switch (types) {
            case 1 -> "monomorphic";
            case 2 -> "bimorphic";
            default -> "megamorphic (" + types + ")";
        };
    }
}
