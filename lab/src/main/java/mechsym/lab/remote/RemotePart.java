package mechsym.lab.remote;

import java.io.IOException;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Progress;
import mechsym.tools.platform.TerminalText;

/**
 * Runs the remote part of a network row so that its failure fails only that part: a remote server
 * that stops answering, answers garbage or makes a figure impossible (a capacity of 0) costs the
 * remote table, while the row's loopback tables, verdict and goals stand. The failure is recorded in
 * the result ({@link ExperimentResult.Builder#partFailed}: report.html, results.json and the lab's
 * exit code) in one escaped line. Stateless.
 */
public final class RemotePart {
    /** The most of a failure's message kept: one line of a report, not a peer's whole answer. */
    private static final int MAX_ERROR_CHARS = 300;

    private RemotePart() {}

    /** A remote part's measurement: adds its tables and headlines to the result when it succeeds. */
    @FunctionalInterface
    public interface Measurement {
        void run() throws IOException, InterruptedException;
    }

    /**
     * Runs {@code measurement}, the part named {@code part} ("remote ping server 10.0.0.2:9000");
     * when it throws an {@link IOException} or a {@link RuntimeException}, records the failure in
     * {@code result} and says so on {@code progress}.
     *
     * @return whether the part succeeded
     * @throws InterruptedException when the run is being stopped: that is not the remote's failure
     */
    public static boolean run(ExperimentResult.Builder result, Progress progress, String part, Measurement measurement)
            throws InterruptedException {
        try {
            measurement.run();
            return true;
        } catch (IOException | RuntimeException e) {
            String error = describe(e);
            result.partFailed(part, error);
            result.note("The " + part + " failed, so its table is missing: " + error
                    + ". The loopback tables, the verdict and the goals above do not depend on it.");
            progress.message("FAILED: " + part + ": " + error);
            return false;
        }
    }

    /** {@code e} in one escaped line: its message (with its cause's where that says more), or its kind. */
    static String describe(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        } else if (e instanceof RuntimeException && !(e instanceof java.io.UncheckedIOException)) {
            // an internal check tripped by a peer's figures: say which kind, the message alone can mislead
            message = e.getClass().getSimpleName() + ": " + message;
        }
        return TerminalText.quote(message, MAX_ERROR_CHARS);
    }
}
