package mechsym.lab.experiments.classloadercache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Experiment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Profile;
import mechsym.lab.Rounds;
import mechsym.lab.RunContext;
import mechsym.lab.Seed;
import mechsym.lab.Table;
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
 *
 * Sizes: quick, 1 and N threads, every loader in the first round, then two more rounds of the two
 * loaders the claims judge (the thread counts turned by round); each claim is judged over the rounds'
 * N-to-1 ratios (ClassLoaderCacheClaims). Full: 1..2N threads, five rounds of 1 s iterations. Tiny:
 * one round of the two loaders the claims judge, the lookups at 1 and 2 threads as quick's first round.
 */
public final class ClassLoaderCacheExperiment implements Experiment {
    private static final String SEED_MACHINE = "an 8-core machine (the post: 'it is an 8 core machine'), Tomcat"
            + " 8.0.0-RC1, JDK 7 era; model not stated";
    static final List<String> LOADERS = List.of(
            "tomcat8-webapp", "tomcat-webapp", "tomcat-parallel", "chm-cache", "caffeine-cache", "parallel-capable");

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
        // tiny: the two loaders the claims judge, the post's Tomcat and a cache over today's (LoadersTest
        // makes the JDK's own parallel-capable loader)
        String[] loaders =
                profile == Profile.TINY ? new String[] {"tomcat8-webapp", "chm-cache"} : LOADERS.toArray(String[]::new);
        int warmups = profile.pick(1, 1, 2);
        int iterations = profile.pick(1, 2, 5);
        TimeValue time = TimeValue.milliseconds(profile.pick(50, 150, 1000)); // forks, not iterations, cost most
        // absolute: Tomcat resolves a relative docBase against its own base folder, not the working folder
        String work = context.workDir().resolve("loaders").toAbsolutePath().toString();

        // lookup -> loader -> threads -> score (the first round: every loader, the tables)
        Map<String, Map<String, Map<Integer, JmhBenchmarks.Score>>> scores = new TreeMap<>();
        // the post's op per round: loader -> threads -> ops/ms (the claims)
        List<Map<String, Map<Integer, Double>>> rounds = new ArrayList<>();
        int roundCount = profile.pick(1, 3, 5);
        for (int round = 0; round < roundCount; round++) {
            context.progress().message("JMH: loaders by threads, round " + (round + 1) + " of " + roundCount);
            Map<String, Map<Integer, Double>> thisRound = new TreeMap<>();
            // after the first round, only the two loaders the claims judge, at 1 and N threads
            String[] these = round == 0 ? loaders : new String[] {judgedSync(loaders), "chm-cache"};
            for (int t : Rounds.inTurn(
                    round == 0 ? threads : List.of(1, cores).stream().distinct().toList(), round)) {
                List<String> flags = new ArrayList<>(Loaders.TOMCAT_FLAGS);
                flags.add("-D" + ClassLoaderBenchmark.WORK_DIR_PROPERTY + "=" + work);
                // quick and tiny: the owned JAR's class at N threads of the first round only, the post's op always
                String methods =
                        profile != Profile.FULL && (t == 1 || round > 0) ? "jdkClasses" : "(jdkClasses|ownedClass)";
                for (JmhBenchmarks.Score s : jmh.run(JmhBenchmarks.oneFork(
                        jmh.options(flags.toArray(String[]::new))
                                .include(ClassLoaderBenchmark.class.getName() + "\\." + methods + "$")
                                .param("loader", these)
                                .threads(t),
                        warmups,
                        iterations,
                        time))) {
                    if (round == 0) {
                        scores.computeIfAbsent(s.method(), k -> new LinkedHashMap<>())
                                .computeIfAbsent(s.param("loader"), k -> new TreeMap<>())
                                .put(t, s);
                    }
                    if (s.method().equals("jdkClasses")) {
                        thisRound
                                .computeIfAbsent(s.param("loader"), k -> new TreeMap<>())
                                .put(t, s.median());
                    }
                }
            }
            rounds.add(thisRound);
        }
        ClassLoaderCacheReport.tables(
                result,
                scores,
                JmhBenchmarks.oneForkTiming(warmups, iterations, time) + " (loader and thread count), first round",
                cores);
        ClassLoaderCacheFigures figures = new ClassLoaderCacheFigures(rounds, cores);
        ClassLoaderCacheReport.headline(result, figures);
        result.verdict(ClassLoaderCacheClaims.judge(figures));
    }

    /** The post's synchronized loader when it runs, else today's WebappClassLoader. */
    private static String judgedSync(String[] loaders) {
        return List.of(loaders).contains("tomcat8-webapp") ? "tomcat8-webapp" : "tomcat-webapp";
    }
}
