package mechsym.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM on this JVM's classpath, for runs that need their own heap, GC or flags.
 *
 * <p>The child writes each result as one line {@code @result <json>} on stdout ({@link #emit});
 * its other output and its stderr go to a log file in the experiment's folder. A child that exits
 * non-zero, or outlives its timeout, is an error naming the log.
 */
public final class ForkedJvm {
    /** Flags every JVM of mechsym needs on JDK 25 (see docs/toolchain.md). */
    public static final List<String> BASE_FLAGS = List.of(
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED");

    private static final String RESULT_PREFIX = "@result ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Class<?> mainClass;
    private final Path workDir;
    private final Progress progress;
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private final List<String> wrapper = new ArrayList<>();
    private long timeoutSeconds = 600;
    private String name;

    ForkedJvm(Class<?> mainClass, Path workDir, Progress progress) {
        this.mainClass = mainClass;
        this.workDir = workDir;
        this.progress = progress;
        this.name = mainClass.getSimpleName();
    }

    public ForkedJvm jvmArgs(String... flags) {
        jvmArgs.addAll(List.of(flags));
        return this;
    }

    public ForkedJvm jvmArgs(List<String> flags) {
        jvmArgs.addAll(flags);
        return this;
    }

    public ForkedJvm args(Object... arguments) {
        for (Object a : arguments) {
            args.add(String.valueOf(a));
        }
        return this;
    }

    /** Runs the JVM under another program, e.g. {@code perf stat -o FILE --}. */
    public ForkedJvm wrapWith(List<String> command) {
        wrapper.addAll(command);
        return this;
    }

    /** Names the run in logs and file names, e.g. "g1-run3". */
    public ForkedJvm name(String runName) {
        this.name = runName;
        return this;
    }

    public ForkedJvm timeoutSeconds(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** The full command line this fork runs. */
    public List<String> command() {
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(BASE_FLAGS);
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    /** Runs the child to completion and returns the JSON results it emitted, as {@code type}. */
    public <T> List<T> run(Class<T> type) throws IOException, InterruptedException {
        Path log = workDir.resolve(name.replaceAll("[^A-Za-z0-9_.-]", "_") + ".log");
        Process process = new ProcessBuilder(command())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        List<T> results = new ArrayList<>();
        List<String> other = new ArrayList<>();
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith(RESULT_PREFIX)) {
                    results.add(JSON.readValue(line.substring(RESULT_PREFIX.length()), type));
                } else if (line.startsWith("@progress ")) {
                    progress.message(line.substring("@progress ".length()));
                } else {
                    other.add(line);
                }
            }
        }
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(
                    "forked JVM '" + name + "' did not finish in " + timeoutSeconds + " s (log: " + log + ")");
        }
        java.nio.file.Files.write(
                log,
                other,
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND,
                java.nio.file.StandardOpenOption.CREATE);
        if (process.exitValue() != 0) {
            throw new IOException(
                    "forked JVM '" + name + "' exited with " + process.exitValue() + " (log: " + log + ")");
        }
        return results;
    }

    /** Called in the child: writes one result for the parent. */
    public static void emit(Object result) {
        try {
            System.out.println(RESULT_PREFIX + JSON.writeValueAsString(result));
            System.out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Called in the child: a progress line the parent shows. */
    public static void progress(String line) {
        System.out.println("@progress " + line);
        System.out.flush();
    }
}
