package mechsym.lab.experiments.classloadercache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.seeds.SeedPosts;
import org.openjdk.jmh.runner.options.TimeValue;

/*
 * Seed 003, "Caching Classes from the ClassLoader?" (bluedevel, 31 Aug 2013), and its motive,
 * "Tomcat WebappClassLoader class loader performance degradation" (30 May 2013): since Tomcat 7
 * WebappClassLoader.loadClass is synchronized, and a library that looks classes up on every request
 * (Saxon 9.1 on every transform) serialises all request threads on it.
 *
 * Claim: a ConcurrentHashMap cache in front of the loader scales with threads (linearly with cores,
 * 27,241 -> 213,007 lookups per ms on the post's 8 cores), while the synchronized loadClass stays flat
 * (~90-100 per ms from 2 threads on).
 *
 *   thread 1 --\                          +-- tomcat-webapp: one lock --> parent loaders
 *   thread 2 ---+--> loadClass(name) ---->+-- chm-cache / caffeine-cache: a map read, no lock
 *   thread N --/                          +-- tomcat-parallel / parallel-capable: a lock per name
 *
 * Measured: JMH, all threads against one loader (Scope.Benchmark), 1..N threads (N = cores; 2N in
 * full), for the post's op (java.util.ArrayList + java.util.ArrayDeque) and a class from a JAR the
 * loader owns. Tomcat's loaders come from a real embedded Tomcat 11 (no connector, no port).
 * Sensitive to: cores (on 2 vCPUs scaling can show at most 2x), the JDK's own per-loader class table
 * (findLoadedClass), biased/contended locking changes (biased locking is gone since JDK 18).
 */
public final class ClassLoaderCacheExperiment implements Experiment {
    private static final String SEED_MACHINE = "an 8-core machine (the post: 'it is an 8 core machine'), Tomcat"
            + " 8.0.0-RC1, JDK 7 era; model not stated";
    static final List<String> LOADERS = List.of(
            "tomcat8-webapp", "tomcat-webapp", "tomcat-parallel", "chm-cache", "caffeine-cache", "parallel-capable");
    /** A cache "scales" when N threads do at least this many times the lookups of one. */
    static final double SCALES = 1.4;
    /** A synchronized loader "stays flat" when N threads do at most this many times the lookups of one. */
    static final double FLAT = 1.15;

    /** The post's table, as published: loader, then its figures for 1, 2, ... threads. */
    private static final Object[][] SEED_ROWS = {
        {"GuavaCaching", new int[] {3687, 978, 1150, 1129, 1385, 1497, 1607, 1679, 1777, 1733, 1834}},
        {
            "ChmCaching",
            new int[] {
                27241, 51062, 81678, 107376, 134798, 162125, 188192, 213007, 208034, 210812, 200231, 211744, 214431,
                215283, 209782, 212297
            }
        },
        {"ChmWebappCL", new int[] {185, 48, 81, 81, 83, 81, 84, 85, 85, 85, 80, 84, 82, 83, 83, 84}},
        {"WebappCL", new int[] {181, 69, 91, 92, 91, 92, 100, 98, 95, 94, 94, 95, 102, 102, 95, 98}},
    };

    @Override
    public String id() {
        return "classloader-cache";
    }

    @Override
    public String title() {
        return "Caching classes from the ClassLoader: Tomcat's WebappClassLoader, CHM and Caffeine caches, a"
                + " parallel-capable loader, 1..N threads";
    }

    @Override
    public Seed seed() {
        return SeedPosts.CLASS_LOADER_CACHE;
    }

    @Override
    public String claim() {
        return "A ConcurrentHashMap cache in front of Tomcat's class loader scales with threads, while the"
                + " synchronized WebappClassLoader.loadClass stays flat.";
    }

    @Override
    public List<Table> seedFigures() {
        Table.Builder seed = Table.seed(
                        "seed-classloader", "the post's table (lookups of ArrayList + ArrayDeque)", SEED_MACHINE)
                .column("loader")
                .column("threads")
                .column("score", "ops/ms")
                .note("As published, which says 'operations per microsecond': 27,241 ops/us on one thread would be 27"
                        + " lookups per nanosecond, so the figures only make sense as ops/ms, the unit shown here. The"
                        + " GuavaCaching row has 11 values for 16 columns: they are listed against threads 1..11 in the"
                        + " order printed, which may not be the columns they were measured at.");
        for (Object[] row : SEED_ROWS) {
            int[] values = (int[]) row[1];
            for (int i = 0; i < values.length; i++) {
                seed.row(row[0], i + 1, values[i]);
            }
        }
        return List.of(seed.build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) throws Exception {
        Profile profile = context.profile();
        JmhBenchmarks jmh = context.jmh();
        int cores = Runtime.getRuntime().availableProcessors();
        List<Integer> threads = new ArrayList<>();
        for (int t = 1; t <= profile.pick(Math.min(2, cores), cores, 2 * cores); t++) {
            if (profile != Profile.QUICK || t == 1 || t == cores) {
                threads.add(t);
            }
        }
        // tiny: one loader of each kind (the post's Tomcat, a cache over today's, the JDK's own)
        String[] loaders = profile == Profile.TINY
                ? new String[] {"tomcat8-webapp", "chm-cache", "parallel-capable"}
                : LOADERS.toArray(String[]::new);
        int warmups = profile.pick(1, 1, 2);
        int iterations = profile.pick(1, 2, 5);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 150, 1000)); // forks, not iterations, cost most
        // absolute: Tomcat resolves a relative docBase against its own base folder, not the working folder
        String work = context.workDir().resolve("loaders").toAbsolutePath().toString();

        // lookup -> loader -> threads -> score
        Map<String, Map<String, Map<Integer, JmhBenchmarks.Score>>> scores = new TreeMap<>();
        for (int t : threads) {
            List<String> flags = new ArrayList<>(Loaders.TOMCAT_FLAGS);
            flags.add("-D" + ClassLoaderBenchmark.WORK_DIR_PROPERTY + "=" + work);
            // quick: the owned JAR's class at N threads only, the post's op at both (the verdict's)
            String methods = profile == Profile.QUICK && t == 1 ? "jdkClasses" : "(jdkClasses|ownedClass)";
            for (JmhBenchmarks.Score s : jmh.run(JmhBenchmarks.oneFork(
                    jmh.options(flags.toArray(String[]::new))
                            .include(ClassLoaderBenchmark.class.getName() + "\\." + methods + "$")
                            .param("loader", loaders)
                            .threads(t),
                    warmups,
                    iterations,
                    time))) {
                scores.computeIfAbsent(s.method(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(s.param("loader"), k -> new TreeMap<>())
                        .put(t, s);
            }
        }
        String timing = JmhBenchmarks.oneForkTiming(warmups, iterations, time) + " (loader and thread count)";
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
            for (String loader : LOADERS) {
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
        verdict(result, figures(scores.getOrDefault("jdkClasses", Map.of())), cores);
    }

    private static Map<String, Map<Integer, Double>> figures(Map<String, Map<Integer, JmhBenchmarks.Score>> byLoader) {
        Map<String, Map<Integer, Double>> out = new TreeMap<>();
        byLoader.forEach((loader, byThreads) -> {
            Map<Integer, Double> m = new TreeMap<>();
            byThreads.forEach((t, s) -> m.put(t, s.score()));
            out.put(loader, m);
        });
        return out;
    }

    /** The post's ChmCaching over WebappCL, one thread, from its table (a figure for the headline). */
    static double seedSingleThreadRatio() {
        return ((int[]) SEED_ROWS[1][1])[0] / (double) ((int[]) SEED_ROWS[3][1])[0];
    }

    /**
     * From the post's op (jdkClasses) at 1 and at {@code cores} threads: chm-cache scales (at least
     * {@link #SCALES}x) and tomcat-webapp stays flat (at most {@link #FLAT}x). Both: reproduced; one:
     * partly; neither: not reproduced. Whether today's parallel Tomcat loader still needs the cache is
     * stated beside it.
     */
    static void verdict(ExperimentResult.Builder result, Map<String, Map<Integer, Double>> jdk, int cores) {
        if (cores < 2) {
            result.verdict(Verdict.notMeasurableHere("two CPUs", "one CPU: no loader can scale with threads here."));
            return;
        }
        Double chm1 = get(jdk, "chm-cache", 1);
        Double chmN = get(jdk, "chm-cache", cores);
        // the post's synchronized loader when it ran, else today's WebappClassLoader (also one lock)
        String sync = jdk.containsKey("tomcat8-webapp") ? "tomcat8-webapp" : "tomcat-webapp";
        Double web1 = get(jdk, sync, 1);
        Double webN = get(jdk, sync, cores);
        if (chm1 == null || chmN == null || web1 == null || webN == null) {
            result.verdict(
                    Verdict.inconclusive("chm-cache or tomcat-webapp has no score at 1 or " + cores + " threads"));
            return;
        }
        double chmScaling = chmN / chm1;
        double webScaling = webN / web1;
        Double parN = get(jdk, "tomcat-parallel", cores);
        String tomcatToday = parN == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        " Today's ParallelWebappClassLoader does %.0f ops/ms at %d threads, the CHM cache %.1fx that:"
                                + " %s.",
                        parN,
                        cores,
                        chmN / parN,
                        chmN / parN >= 2
                                ? "a cache still pays for code that looks classes up per request"
                                : "it no longer needs the cache");
        result.headline(String.format(
                Locale.ROOT,
                "ArrayList+ArrayDeque lookups/ms, 1 -> %d threads: chm-cache %.0f -> %.0f (%.2fx), %s %.0f"
                        + " -> %.0f (%.2fx); one thread chm/webapp %.0fx (the post: %.0fx)",
                cores,
                chm1,
                chmN,
                chmScaling,
                sync,
                web1,
                webN,
                webScaling,
                chm1 / web1,
                seedSingleThreadRatio()));
        boolean scales = chmScaling >= SCALES;
        boolean flat = webScaling <= FLAT;
        String figures = String.format(
                Locale.ROOT,
                "From 1 to %d threads the CHM cache went %.2fx and the synchronized WebappClassLoader (%s) %.2fx.",
                cores,
                chmScaling,
                sync,
                webScaling);
        if (scales && flat) {
            result.verdict(Verdict.reproduced(figures + tomcatToday));
        } else if (scales) {
            result.verdict(Verdict.partly(figures + " The cache scales, but the synchronized loader gained more than "
                    + Math.round((FLAT - 1) * 100) + "% too." + tomcatToday));
        } else if (flat) {
            result.verdict(Verdict.partly(
                    figures + " The synchronized loader stays flat, but the cache gained less than " + SCALES
                            + "x: on a busy " + cores + "-CPU machine the threads may not run at once." + tomcatToday));
        } else {
            result.verdict(Verdict.notReproduced(figures + tomcatToday));
        }
    }

    private static Double get(Map<String, Map<Integer, Double>> m, String loader, int threads) {
        Map<Integer, Double> byThreads = m.get(loader);
        return byThreads == null ? null : byThreads.get(threads);
    }
}
