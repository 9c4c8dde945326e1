package mechsym.lab.experiments.classloadercache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The post's operation, run by all JMH threads against ONE class loader (so they contend for it as
 * a web application's threads do): {@code jdkClasses} looks up java.util.ArrayList and
 * java.util.ArrayDeque (the post's op), {@code ownedClass} a class from a JAR the loader itself
 * owns (the case the post expected to differ).
 *
 * <ul>
 *   <li>{@code tomcat8-webapp}: the post's Tomcat 8.0.0-RC1 WebappClassLoader (loadClass synchronized);
 *   <li>{@code tomcat-webapp}: Tomcat's WebappClassLoader in a real embedded Tomcat (one lock);
 *   <li>{@code tomcat-parallel}: Tomcat's ParallelWebappClassLoader, Tomcat's default since 8.5;
 *   <li>{@code chm-cache}: the post's ConcurrentHashMap decorator over tomcat-webapp;
 *   <li>{@code caffeine-cache}: a Caffeine cache decorator over tomcat-webapp;
 *   <li>{@code parallel-capable}: a URLClassLoader subclass registered as parallel capable.
 * </ul>
 *
 * How to run: {@code ./mechsym jmh ClassLoaderBenchmark -f 1 -wi 2 -i 3 -t 4
 * -jvmArgsAppend "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
 * --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED"}. Look for: the
 * caches and the parallel loaders scaling with threads, tomcat-webapp flat.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ClassLoaderBenchmark {
    /** Where the forks put Tomcat's folders (deleted at the end of each trial); a temp folder if unset. */
    public static final String WORK_DIR_PROPERTY = "mechsym.classloader.workDir";

    @Param({"tomcat8-webapp", "tomcat-webapp", "tomcat-parallel", "chm-cache", "caffeine-cache", "parallel-capable"})
    public String loader;

    private Loaders.Opened opened;
    private ClassLoader classLoader;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String dir = System.getProperty(WORK_DIR_PROPERTY);
        Path work = dir != null ? Path.of(dir) : Files.createTempDirectory("mechsym-classloader");
        opened = Loaders.open(loader, work);
        classLoader = opened.loader();
        // the guard: each loader gives the JDK's classes and its own JAR's class
        if (classLoader.loadClass("java.util.ArrayList") != java.util.ArrayList.class
                || !classLoader.loadClass(OwnedJar.CLASS_NAME).getName().equals(OwnedJar.CLASS_NAME)) {
            throw new IllegalStateException(loader + " does not load the expected classes");
        }
    }

    @Benchmark
    public void jdkClasses(Blackhole bh) throws ClassNotFoundException {
        bh.consume(classLoader.loadClass("java.util.ArrayList"));
        bh.consume(classLoader.loadClass("java.util.ArrayDeque"));
    }

    @Benchmark
    public Class<?> ownedClass() throws ClassNotFoundException {
        return classLoader.loadClass(OwnedJar.CLASS_NAME);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        opened.close();
    }
}
