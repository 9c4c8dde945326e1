package mechsym.lab.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mechsym.lab.ChildInput;
import mechsym.lab.ForkedJvm;
import mechsym.lab.Progress;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.ExitOnStdinClose;
import mechsym.tools.platform.JavaCommand;

/**
 * Launches a {@link ForkedJvm}: the process, its log, its timeout, and the parent's side of the line
 * protocol.
 *
 * <p>The VM's own output goes to stderr, so that only the child's lines reach stdout: its print
 * stream ({@code -XX:+PrintCompilation} and the like) by {@code -XX:+DisplayVMOutputToStderr}, its
 * unified logging's warnings (by default on stdout) by {@code -Xlog}. On stdout the VM writes from
 * its compiler and GC threads, where a line it had begun would run into a result line ({@code 6977
 * @result {...}}); {@code ChildJvmLauncherTest} reproduces it with PrintCompilation on. A result line
 * that is not whole anyway is an error naming the log, never skipped. A child that exits non-zero,
 * or outlives its timeout, is an error naming the log. The child runs its main under {@link
 * ExitOnStdinClose}, so it ends when the lab does, {@code kill -9} included.
 */
final class ChildJvmLauncher implements ForkedJvm {
    /**
     * Keep the VM's output off stdout, where results go: its print stream (-XX:+PrintCompilation,
     * written from compiler threads), and unified logging's default warnings output (stdout), moved
     * to stderr with the default's decorations. A fork's own -Xlog flags come after these.
     */
    private static final List<String> VM_OUTPUT_TO_STDERR =
            List.of("-XX:+DisplayVMOutputToStderr", "-Xlog:disable", "-Xlog:all=warning:stderr:uptime,level,tags");

    /** Reads a result line whole: a value followed by anything but blanks is not a result. */
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final Class<?> mainClass;
    private final Path workDir;
    private final Progress progress;
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private String input;
    private final List<String> wrapper = new ArrayList<>();
    private final List<String> profilers;
    private long timeoutSeconds = 600;
    private String name;
    private String profileName;

    /**
     * @param profilers the lab's profilers ({@code async}, {@code jfr}, other JMH profilers): a fork
     *     {@linkplain #profiled profiled} runs under the ones that have a forked-JVM form
     */
    ChildJvmLauncher(Class<?> mainClass, Path workDir, Progress progress, List<String> profilers) {
        this.mainClass = mainClass;
        this.workDir = workDir;
        this.progress = progress;
        this.profilers = List.copyOf(profilers);
        this.name = mainClass.getSimpleName();
    }

    ChildJvmLauncher(Class<?> mainClass, Path workDir, Progress progress) {
        this(mainClass, workDir, progress, List.of());
    }

    @Override
    public ForkedJvm jvmArgs(String... flags) {
        jvmArgs.addAll(List.of(flags));
        return this;
    }

    @Override
    public ForkedJvm jvmArgs(List<String> flags) {
        jvmArgs.addAll(flags);
        return this;
    }

    @Override
    public ForkedJvm input(Object record) {
        if (input != null || !args.isEmpty()) {
            throw new IllegalStateException(
                    name + ": a forked main takes one input, given once, and no other arguments");
        }
        this.input = ChildInput.write(record);
        return this;
    }

    @Override
    public ForkedJvm args(Object... arguments) {
        if (input != null) {
            throw new IllegalStateException(name + ": a forked main given an input takes no other arguments");
        }
        for (Object a : arguments) {
            args.add(String.valueOf(a));
        }
        return this;
    }

    /** Runs the JVM under another program, e.g. {@code perf stat -o FILE --}. */
    @Override
    public ForkedJvm wrapWith(List<String> command) {
        wrapper.addAll(command);
        return this;
    }

    /** Names the run in logs and file names, e.g. "g1-run3". */
    @Override
    public ForkedJvm name(String runName) {
        this.name = runName;
        return this;
    }

    @Override
    public ForkedJvm profiled(String profile) {
        if (profile.isBlank() || !profile.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(
                    "a profile's name is a folder name (letters, digits, _ . -): '" + profile + "'");
        }
        this.profileName = profile;
        return this;
    }

    @Override
    public ForkedJvm timeoutSeconds(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** The full command line this fork runs. */
    @Override
    public List<String> command() {
        List<String> childArgs = new ArrayList<>();
        childArgs.add(mainClass.getName());
        childArgs.addAll(args);
        if (input != null) {
            childArgs.add(input.length() <= ChildInput.MAX_INLINE_CHARS ? input : ChildInput.FILE_PREFIX + inputFile());
        }
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(JavaCommand.main(ExitOnStdinClose.class.getName()) // it ends when the lab does, kill -9 included
                .flags(VM_OUTPUT_TO_STDERR)
                .flags(jvmArgs)
                .flags(profilerFlags())
                .args(childArgs)
                .build());
        return command;
    }

    /** Where an input too long for the command line is written, beside the fork's log. */
    private Path inputFile() {
        return workDir.resolve(fileName() + ".input.json");
    }

    private String fileName() {
        return name.replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    /** The lab's profilers for a profiled fork, writing into its folder under the experiment's profiles. */
    private List<String> profilerFlags() {
        if (profileName == null || profilers.isEmpty()) {
            return List.of();
        }
        return ProfilerOptions.forkFlags(
                profilers, workDir.resolve(ProfilerOptions.PROFILES_DIR).resolve(profileName));
    }

    /** Runs the child to completion and returns the JSON results it emitted, as {@code type}. */
    @Override
    public <T> List<T> run(Class<T> type) throws IOException, InterruptedException {
        Path log = workDir.resolve(fileName() + ".log");
        if (input != null && input.length() > ChildInput.MAX_INLINE_CHARS) {
            java.nio.file.Files.writeString(inputFile(), input);
        }
        List<T> results = new ArrayList<>();
        List<String> other = java.util.Collections.synchronizedList(new ArrayList<>());
        if (!profilerFlags().isEmpty()) {
            java.nio.file.Files.createDirectories(
                    workDir.resolve(ProfilerOptions.PROFILES_DIR).resolve(profileName));
        }
        ChildProcess.Outcome outcome = ChildProcess.command(command())
                .name("forked JVM '" + name + "'")
                .log(log)
                .watch(ChildProcess.ParentWatch.STDIN)
                .run(
                        Duration.ofSeconds(timeoutSeconds),
                        stdout -> results.addAll(readOutput(stdout, type, progress, other)));
        appendToLog(log, other); // what the child printed, also up to a line refused or the timeout
        outcome.requireSuccess();
        return results;
    }

    /**
     * Reads a child's stdout: its results, its progress lines (shown), and every other line (kept in
     * {@code other} for the log). A line holding a result that is not whole, or not at the start of the
     * line, is an IOException naming the line: a figure silently missing would skew an experiment's
     * median without a word.
     */
    static <T> List<T> readOutput(BufferedReader reader, Class<T> type, Progress progress, List<String> other)
            throws IOException {
        List<T> results = new ArrayList<>();
        String line;
        for (int number = 1; (line = reader.readLine()) != null; number++) {
            int at = line.indexOf(RESULT_PREFIX);
            if (at == 0) {
                try {
                    results.add(JSON.readValue(line.substring(RESULT_PREFIX.length()), type));
                } catch (IOException e) {
                    throw new IOException("stdout line " + number + ": a result that is not whole: " + line, e);
                }
            } else if (at > 0) {
                throw new IOException("stdout line " + number + ": a result run into other output: " + line);
            } else if (line.startsWith(PROGRESS_PREFIX)) {
                progress.message(line.substring(PROGRESS_PREFIX.length()));
            } else {
                other.add(line);
            }
        }
        return results;
    }

    private static void appendToLog(Path log, List<String> lines) throws IOException {
        java.nio.file.Files.write(
                log,
                lines,
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND,
                java.nio.file.StandardOpenOption.CREATE);
    }
}
