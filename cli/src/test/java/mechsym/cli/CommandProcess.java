package mechsym.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mechsym ARGS...} as a child JVM (the test's class path, the launcher's JVM flags), for
 * what only a process shows: its exit code on a signal, its heap limit. Its stderr goes to a file;
 * {@link #close} kills it if it is still there.
 */
final class CommandProcess implements AutoCloseable {
    private final Process process;
    private final BufferedReader stdout;
    private final Path stderr;
    private final StringBuilder seen = new StringBuilder();

    private CommandProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Starts {@code mechsym args...} with {@code jvmOptions} (e.g. {@code -Xmx64m}) before the class. */
    static CommandProcess start(List<String> jvmOptions, String... args) throws IOException {
        Path stderr = Files.createTempFile("mechsym-child-", ".err");
        Process process = new ProcessBuilder(command(jvmOptions, args))
                .redirectError(stderr.toFile())
                .start();
        return new CommandProcess(process, stderr);
    }

    /** The command line of {@code mechsym args...} in a child JVM with {@code jvmOptions} before the class. */
    static List<String> command(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "--add-exports",
                "java.base/jdk.internal.misc=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Reads stdout until a line matches {@code regex}; its first group. */
    String awaitLine(String regex) throws IOException {
        Pattern pattern = Pattern.compile(regex);
        for (String line; (line = stdout.readLine()) != null; ) {
            seen.append(line).append('\n');
            Matcher m = pattern.matcher(line);
            if (m.find()) {
                return m.groupCount() > 0 ? m.group(1) : line;
            }
        }
        throw new IOException(
                "the child ended before printing /" + regex + "/; stdout:\n" + seen + "stderr:\n" + stderrText());
    }

    /** Sends SIGTERM. */
    void terminate() {
        process.destroy();
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does. */
    void interrupt() throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
    }

    /** The exit code within {@code millis}, or null if it is still running. */
    Integer exitWithin(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    String stderrText() throws IOException {
        return Files.readString(stderr);
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stdout.close();
        Files.deleteIfExists(stderr);
    }
}
