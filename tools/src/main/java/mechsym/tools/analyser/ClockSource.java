package mechsym.tools.analyser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The clock source process ({@code native/clock_source.c}) started on a {@link ClockQueue}: it writes
 * one sequence number every interval into the queue and keeps doing so while this JVM pauses, which
 * is the point of the real-time test.
 *
 * <p>No orphan survives: {@link #close()} asks it to stop, then kills it; a shutdown hook kills it and
 * deletes the queue file when the JVM ends first (Ctrl-C, System.exit); and the source itself exits
 * when its parent dies (Linux {@code PR_SET_PDEATHSIG}, and a parent-pid check) and deletes the
 * queue file, which covers {@code kill -9} of this JVM. Linux sends that death signal when the
 * <em>thread</em> that started the source ends, so start it from a thread that outlives the run (the
 * analyser's own). Not thread-safe: one owner.
 */
public final class ClockSource implements AutoCloseable {
    private static final long START_TIMEOUT_NS = 5_000_000_000L;

    private final Process process;
    private final ClockQueue queue;
    private final Path log;
    private final Thread hook;

    private ClockSource(Process process, ClockQueue queue, Path log, Thread hook) {
        this.process = process;
        this.queue = queue;
        this.log = log;
        this.hook = hook;
    }

    /**
     * Starts {@code binary} on {@code queue} and waits until it says it runs.
     *
     * @throws IOException naming the binary and what it said when it cannot start, exits, or does not
     *     answer within 5 s (the process is killed then)
     */
    public static ClockSource start(Path binary, ClockQueue queue) throws IOException {
        if (binary == null || !Files.isExecutable(binary)) {
            throw new IOException("the clock source " + binary + " is missing or not executable (make -C native)");
        }
        Path log = Files.createTempFile("mechsym-clock-source", ".log");
        Process process;
        try {
            process = new ProcessBuilder(binary.toString(), queue.file().toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            Files.deleteIfExists(log);
            throw new IOException("cannot start the clock source " + binary + ": " + e.getMessage(), e);
        }
        Path file = queue.file();
        Thread hook = new Thread(() -> {
            process.destroyForcibly();
            try {
                Files.deleteIfExists(file);
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // the JVM is ending; nothing left to tell
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        ClockSource source = new ClockSource(process, queue, log, hook);
        try {
            source.awaitRunning(binary);
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
        return source;
    }

    private void awaitRunning(Path binary) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT_NS;
        while (queue.stateAcquire() != ClockQueue.STATE_RUNNING) {
            if (!process.isAlive()) {
                throw new IOException("the clock source " + binary + " exited with " + process.exitValue()
                        + " before it started: " + said());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(
                        "the clock source " + binary + " did not start on " + queue.file() + " within 5 s: " + said());
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    private String said() {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "(it printed nothing)" : text.replace('\n', ' ');
        } catch (IOException e) {
            return "(its output could not be read: " + e.getMessage() + ")";
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the source (asks, then kills after 2 s), removes the hook and the log. */
    @Override
    public void close() throws IOException {
        try {
            queue.requestStop();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            Files.deleteIfExists(log);
        }
    }
}
