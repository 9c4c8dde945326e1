package mechsym.lab.experiments.classloadercache;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Chart;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Summary;
import mechsym.lab.Table;

/** The classloader-cache experiment's tables, charts and headline: lookups per ms by loader and threads. */
final class ClassLoaderCacheReport {
    private ClassLoaderCacheReport() {}

    /** Per lookup, loader and thread count, the first round's scores; the two charts. */
    static void tables(
            ExperimentResult.Builder result,
            Map<String, Map<String, Map<Integer, JmhBenchmarks.Score>>> scores,
            String timing,
            int cores) {
        for (String[] lookup : new String[][] {
            {"jdkClasses", "jdk-classes", "the post's op: ArrayList + ArrayDeque through one loader, all threads"},
            {"ownedClass", "owned-class", "a class from a JAR the loader owns, all threads"}
        }) {
            Table.Builder table = Table.measured(lookup[1], lookup[2] + " (JMH)")
                    .column("loader")
                    .column("threads")
                    .column("score", "ops/ms")
                    .column("error (99.9%)", "ops/ms")
                    .column("vs 1 thread", "x")
                    .note("JMH ClassLoaderBenchmark." + lookup[0] + ", throughput, " + timing + "; this machine has "
                            + cores + " logical CPUs. tomcat8-webapp: Tomcat 8.0.0-RC1 (the post's), the others Tomcat"
                            + " 11.0.14, each in an embedded Tomcat; chm-cache and caffeine-cache decorate"
                            + " tomcat-webapp.");
            Map<String, Map<Integer, JmhBenchmarks.Score>> byLoader = scores.getOrDefault(lookup[0], Map.of());
            for (String loader : ClassLoaderCacheExperiment.LOADERS) {
                Map<Integer, JmhBenchmarks.Score> byThreads = byLoader.getOrDefault(loader, Map.of());
                JmhBenchmarks.Score one = byThreads.get(1);
                byThreads.forEach((t, s) ->
                        table.row(loader, t, s.score(), s.error(), one == null ? null : s.score() / one.score()));
            }
            result.table(table.build());
        }
        result.chart(Chart.line(
                        "jdk-classes",
                        "lookups per ms by threads: the post's loaders and today's",
                        List.of("seed-classloader", "jdk-classes"),
                        "threads",
                        "score",
                        "loader",
                        "ops/ms")
                .withLogY());
        result.chart(Chart.line(
                        "owned-class",
                        "lookups of the loader's own class per ms by threads",
                        List.of("owned-class"),
                        "threads",
                        "score",
                        "loader",
                        "ops/ms")
                .withLogY());
    }

    /** The scalings over the rounds, and what today's parallel Tomcat loader does against the cache. */
    static void headline(ExperimentResult.Builder result, ClassLoaderCacheFigures figures) {
        List<Double> chm = figures.scaling("chm-cache");
        List<Double> sync = figures.scaling(figures.synchronizedLoader());
        if (chm.isEmpty() || sync.isEmpty()) {
            return;
        }
        Map<Integer, Double> first = figures.rounds().getFirst().getOrDefault("chm-cache", Map.of());
        Map<Integer, Double> parallel = figures.rounds().getFirst().getOrDefault("tomcat-parallel", Map.of());
        Double chmN = first.get(figures.cores());
        Double parN = parallel.get(figures.cores());
        result.headline(String.format(
                Locale.ROOT,
                "post's op, 1 -> %d threads (median of rounds): chm-cache %.2fx, %s %.2fx%s",
                figures.cores(),
                Summary.of(chm).median(),
                figures.synchronizedLoader(),
                Summary.of(sync).median(),
                chmN == null || parN == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; today's ParallelWebappClassLoader at %d threads: the CHM cache does %.1fx its lookups",
                                figures.cores(),
                                chmN / parN)));
    }
}
