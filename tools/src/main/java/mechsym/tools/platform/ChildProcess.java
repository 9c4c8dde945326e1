package mechsym.tools.platform;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Waits for a started child process with a deadline that holds whatever the child does: its stdout
 * is read on a thread of its own while the caller waits, so a child that hangs (with its output open,
 * or with a full pipe) is killed at the timeout, with every process it started (a wrapper such as
 * {@code perf stat} and the JVM under it). Stateless; each call owns its process.
 */
public final class ChildProcess {
    /** Reads the child's stdout to its end; an IOException it throws kills the child. */
    @FunctionalInterface
    public interface OutputReader {
        void read(BufferedReader stdout) throws IOException;
    }

    /**
     * How a child ended.
     *
     * @param timedOut it outlived the timeout and was killed
     * @param exitCode its exit code; -1 when it timed out
     * @param readError what the output reader threw (the child was killed), or null
     */
    public record Outcome(boolean timedOut, int exitCode, IOException readError) {}

    /** How long the output may keep coming after the child exited (a grandchild holding the pipe). */
    private static final long DRAIN_MILLIS = 5_000;

    private ChildProcess() {}

    /**
     * Reads {@code process}'s stdout with {@code reader} on a daemon thread and waits up to
     * {@code timeoutSeconds} for the process to exit; at the timeout, or when the reader fails, the
     * process and its descendants are killed. Interrupting the caller kills them too.
     */
    public static Outcome await(Process process, long timeoutSeconds, OutputReader reader) throws InterruptedException {
        AtomicReference<IOException> readError = new AtomicReference<>();
        Thread readerThread = Thread.ofPlatform()
                .daemon()
                .name("child-" + process.pid() + "-stdout")
                .start(() -> {
                    try (BufferedReader stdout = process.inputReader(StandardCharsets.UTF_8)) {
                        reader.read(stdout);
                    } catch (IOException e) {
                        readError.set(e);
                        kill(process);
                    } catch (java.io.UncheckedIOException e) {
                        readError.set(e.getCause());
                        kill(process);
                    }
                });
        boolean finished;
        try {
            finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            kill(process);
            throw e;
        }
        if (!finished) {
            kill(process);
        }
        readerThread.join(DRAIN_MILLIS);
        if (readerThread.isAlive()) { // something still holds the pipe: stop reading it
            kill(process);
            closeQuietly(process);
            readerThread.join(DRAIN_MILLIS);
        }
        return new Outcome(!finished, finished ? process.exitValue() : -1, readError.get());
    }

    /** Kills {@code process} and every process it started, at once. */
    public static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void closeQuietly(Process process) {
        try {
            process.getInputStream().close();
        } catch (IOException e) {
            // the reader thread ends either way: it is a daemon
        }
    }
}
