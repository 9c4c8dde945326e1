package mechsym.tools.analyser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mechsym.tools.platform.ChildProcess;

/**
 * The clock source process ({@code native/clock_source.cpp}) started on a {@link ClockQueue}: it
 * writes one sequence number every interval into the queue and keeps doing so while this JVM pauses,
 * which is the point of the real-time test.
 *
 * <p>No orphan survives: {@link #close()} asks it to stop through the queue, then stops it as {@link
 * ChildProcess} does; when this JVM ends first (Ctrl-C, System.exit, {@code kill -9}) the source's
 * reaper kills it and deletes the queue file, and the source itself also exits when its parent dies
 * (Linux {@code PR_SET_PDEATHSIG}, and a parent-pid check) and deletes the queue file. Linux sends
 * that death signal when the <em>thread</em> that started the source ends, so start it from a thread
 * that outlives the run (the analyser's own). Not thread-safe: one owner.
 */
public final class ClockSource implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration STOP_GRACE = Duration.ofSeconds(2);

    private final ChildProcess process;
    private final ClockQueue queue;

    private ClockSource(ChildProcess process, ClockQueue queue) {
        this.process = process;
        this.queue = queue;
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
        ChildProcess process = ChildProcess.command(
                        binary.toString(), queue.file().toString())
                .name("the clock source " + binary)
                .grace(STOP_GRACE)
                .removeWhenOrphaned(queue.file())
                .start();
        ClockSource source = new ClockSource(process, queue);
        try {
            source.awaitRunning(binary);
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
        return source;
    }

    private void awaitRunning(Path binary) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (queue.stateAcquire() != ClockQueue.STATE_RUNNING) {
            if (!process.isAlive()) {
                throw new IOException("the clock source " + binary + " exited with " + process.exitCode()
                        + " before it started: " + said());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the clock source " + binary + " did not start on " + queue.file() + " within "
                        + START_TIMEOUT.toSeconds() + " s: " + said());
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    private String said() {
        List<String> lines = process.lastLines();
        return lines.isEmpty() ? "(it printed nothing)" : String.join(" ", lines);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the source: asks it through the queue, then as {@link ChildProcess#close()} does after 2 s. */
    @Override
    public void close() throws IOException {
        try {
            queue.requestStop();
            process.waitFor(STOP_GRACE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            process.close();
        }
    }
}
