package mechsym.lab.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.JavaCommand;
import one.profiler.AsyncProfiler;

/**
 * The JMH profilers that show where a benchmark's time goes: async-profiler's flame graphs (JMH's
 * {@code -prof async}) and Java Flight Recorder (JMH's {@code -prof jfr}).
 *
 * <p>async-profiler's native library comes from its Maven artifact ({@code
 * tools.profiler:async-profiler}), which carries one per platform: {@link #library()} extracts the
 * one for this machine to a folder under {@code java.io.tmpdir} and JMH's profiler is given it as
 * {@code libPath}, so nothing needs installing. The event is {@code cpu} when async-profiler can
 * sample it here (perf events' CPU clock, or its own timer where perf is not allowed), else {@code
 * itimer}; hardware counters ({@code cycles}) are not required, so it also works in VMs and
 * containers that hide them. The interval is {@value #INTERVAL_NANOS} ns of CPU time, so a benchmark
 * that runs a second gives thousands of samples (async-profiler's own default, 10 ms, gives a few
 * dozen). {@link #complete} fills in what a profiler string leaves out; what was chosen is written to
 * {@value #USED_FILE} in the output folder. A forked program of an experiment is profiled the same
 * way, with async-profiler as a Java agent ({@link #forkFlags}).
 */
public final class ProfilerOptions {
    /** The folder of an experiment (beside {@code jmh-result.json}) that holds the profiles. */
    public static final String PROFILES_DIR = "profiles";

    /** What the profiler used, in {@link #PROFILES_DIR}. */
    public static final String USED_FILE = "profiler.txt";

    /** The flame graph a profiled forked JVM writes into its folder under {@link #PROFILES_DIR}. */
    public static final String FORK_FLAME_GRAPH = "flame-cpu-forward.html";

    /** async-profiler's sampling interval: 100 µs of CPU time, thousands of samples a second a thread. */
    static final long INTERVAL_NANOS = 100_000;

    private static final String VERSION = "4.2";

    private ProfilerOptions() {}

    /** The lab's short names: {@code async} for flame graphs, {@code jfr} for a flight recording. */
    public static String forLab(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "async" -> "async";
            case "jfr" -> "jfr";
            default ->
                throw new IllegalArgumentException(
                        "--profiler " + name + ": expected async (flame graphs) or jfr (a flight recording)");
        };
    }

    /**
     * A JMH profiler string ({@code name} or {@code name:options}) completed for this machine: for
     * {@code async}, {@code libPath} (the extracted library), {@code output=flamegraph}, the event
     * and the interval ({@value #INTERVAL_NANOS} ns), unless given; for {@code async} and {@code jfr}, {@code dir} when {@code dir} is not
     * null and the string has none. Other profilers are returned as they are.
     *
     * @throws IllegalStateException if async-profiler's library cannot be loaded here, with the reason
     */
    public static String complete(String profiler, Path dir) {
        int colon = profiler.indexOf(':');
        String name = colon < 0 ? profiler : profiler.substring(0, colon);
        List<String> options = new ArrayList<>();
        if (colon >= 0 && colon < profiler.length() - 1) {
            options.addAll(List.of(profiler.substring(colon + 1).split(";")));
        }
        boolean async = name.equals("async") || name.endsWith(".AsyncProfiler");
        boolean jfr = name.equals("jfr") || name.endsWith(".JavaFlightRecorderProfiler");
        if (!async && !jfr) {
            return profiler;
        }
        if (async) {
            Path library = has(options, "libPath") ? Path.of(value(options, "libPath")) : library();
            if (!has(options, "libPath")) {
                options.add("libPath=" + library);
            }
            if (!has(options, "output")) {
                options.add("output=flamegraph");
            }
            if (!has(options, "event")) {
                options.add("event=" + cpuEvent(library));
            }
            if (!has(options, "interval")) {
                options.add("interval=" + INTERVAL_NANOS);
            }
        }
        if (dir != null && !has(options, "dir")) {
            options.add("dir=" + dir);
        }
        return options.isEmpty() ? name : name + ":" + String.join(";", options);
    }

    /**
     * The JVM flags that profile a forked program as the lab's profilers profile its JMH runs: for
     * {@code async}, async-profiler as a Java agent from start to exit, at the same event and interval,
     * writing {@code dir}/{@value #FORK_FLAME_GRAPH}; for {@code jfr}, a flight recording {@code
     * dir}/profile.jfr. Other JMH profilers have no forked-JVM form and add nothing.
     *
     * @param profilers the lab's JMH profilers, as given ({@code async}, {@code async:interval=...}, {@code jfr})
     * @throws IllegalStateException if async-profiler's library cannot be loaded here, or {@code dir}
     *     holds a comma (the agent's option separator)
     */
    public static List<String> forkFlags(List<String> profilers, Path dir) {
        List<String> flags = new ArrayList<>();
        for (String profiler : profilers) {
            String completed = complete(profiler, null);
            if (completed.startsWith("async:")) {
                List<String> options = List.of(completed.substring(6).split(";"));
                Path library = Path.of(value(options, "libPath"));
                Path file = dir.resolve(FORK_FLAME_GRAPH);
                if (file.toString().contains(",") || library.toString().contains(",")) {
                    throw new IllegalStateException(
                            "async-profiler's agent cannot write to a path with a comma: " + file);
                }
                flags.add("-agentpath:" + library + "=start,event=" + value(options, "event") + ",interval="
                        + value(options, "interval") + ",file=" + file);
            } else if (completed.equals("jfr") || completed.startsWith("jfr:")) {
                flags.add("-XX:StartFlightRecording=settings=profile,filename=" + dir.resolve("profile.jfr"));
            }
        }
        return flags;
    }

    /**
     * Writes what the completed profiler strings use into {@code dir}/{@value #USED_FILE}: one line
     * per profiler, with the event async-profiler samples and whether hardware counters were
     * available.
     */
    public static void writeUsed(Path dir, List<String> completed) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String profiler : completed) {
            if (profiler.startsWith("async:")) {
                Path library = Path.of(value(List.of(profiler.substring(6).split(";")), "libPath"));
                lines.add("async-profiler " + VERSION + " (" + library + "), "
                        + profiler.substring(6).replace(";", ", ") + "; hardware counters (cycles): "
                        + hardwareCounters(library));
            } else {
                lines.add("JMH profiler " + profiler);
            }
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve(USED_FILE), lines);
    }

    /**
     * async-profiler's native library for this platform, extracted from its jar once per version
     * to {@code java.io.tmpdir}/mechsym-async-profiler-4.2 (written to a temporary name and moved,
     * so concurrent runs never load a half-written file).
     *
     * @throws IllegalStateException if the jar has no library for this platform or it cannot be written
     */
    public static Path library() {
        String resource = platform() + "/libasyncProfiler.so";
        Path target = Path.of(System.getProperty("java.io.tmpdir"), "mechsym-async-profiler-" + VERSION, resource);
        if (Files.isRegularFile(target)) {
            return target;
        }
        try (InputStream in = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("async-profiler " + VERSION + " has no native library for " + platform()
                        + " (" + resource + ")");
            }
            Files.createDirectories(target.getParent());
            Path partial = Files.createTempFile(target.getParent(), "libasyncProfiler", ".part");
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new IllegalStateException("cannot extract async-profiler's library to " + target + ": " + e, e);
        }
    }

    /**
     * {@code cpu} if async-profiler can sample CPU time here, else {@code itimer} (a timer signal,
     * available wherever the library loads).
     *
     * @throws IllegalStateException if the library cannot be loaded, with the reason
     */
    static String cpuEvent(Path library) {
        return probe(library).getFirst().equals("OK") ? "cpu" : "itimer";
    }

    private static String hardwareCounters(Path library) {
        String cycles = probe(library).getLast();
        return cycles.equals("OK") ? "available" : "not available (" + cycles + ")";
    }

    private static List<String> probed;

    /**
     * async-profiler's answers for {@code cpu} and {@code cycles} on this machine, asked once, in a
     * child JVM: the library binds its native methods to the first class that loads it, so loading
     * it here through its own API would stop JMH's profiler from loading it in this JVM later (as
     * an in-process run, {@code -f 0}, does).
     */
    private static synchronized List<String> probe(Path library) {
        if (probed != null) {
            return probed;
        }
        try {
            List<String> lines = new ArrayList<>();
            ChildProcess.Outcome outcome = ChildProcess.command(JavaCommand.main(Probe.class.getName())
                            .args(library.toString())
                            .build())
                    .name("async-profiler's probe of " + library)
                    .run(
                            Duration.ofSeconds(60),
                            stdout -> stdout.lines()
                                    .filter(line -> line.startsWith(Probe.PREFIX))
                                    .map(line -> line.substring(Probe.PREFIX.length()))
                                    .forEach(lines::add));
            if (lines.size() == 2) { // both answers: how the JVM ended after them does not matter
                probed = List.copyOf(lines);
                return probed;
            }
            if (lines.size() == 1 && outcome.succeeded()) { // the probe's own word: the library does not load
                throw new IllegalStateException(lines.getFirst());
            }
            throw new IllegalStateException(
                    outcome.failure().orElse("async-profiler's probe of " + library + " gave no answer"));
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing async-profiler", e);
        }
    }

    /**
     * The child JVM of {@link #probe}: loads the library given as the only argument and prints
     * async-profiler's answer to {@code check} for {@code cpu}, then {@code cycles} ("OK" or the
     * reason), each line prefixed; or one line saying why the library does not load.
     */
    public static final class Probe {
        static final String PREFIX = "mechsym-probe: ";

        private Probe() {}

        public static void main(String[] args) {
            AsyncProfiler profiler;
            try {
                profiler = AsyncProfiler.getInstance(args[0]);
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                System.out.println(PREFIX + "async-profiler's library " + args[0] + " does not load here: " + e);
                return;
            }
            System.out.println(PREFIX + check(profiler, "cpu"));
            System.out.println(PREFIX + check(profiler, "cycles"));
        }

        private static String check(AsyncProfiler profiler, String event) {
            try {
                String answer = profiler.execute("check,event=" + event).strip();
                return answer.isEmpty() ? "OK" : answer.replace('\n', ' ');
            } catch (IOException | IllegalStateException e) {
                return String.valueOf(e.getMessage());
            }
        }
    }

    private static String platform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (os.contains("mac")) {
            return "macos";
        }
        return arch.equals("aarch64") || arch.equals("arm64") ? "linux-arm64" : "linux-x64";
    }

    private static boolean has(List<String> options, String key) {
        return value(options, key) != null;
    }

    private static String value(List<String> options, String key) {
        for (String option : options) {
            if (option.startsWith(key + "=")) {
                return option.substring(key.length() + 1);
            }
        }
        return null;
    }
}
