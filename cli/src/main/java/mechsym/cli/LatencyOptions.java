package mechsym.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import mechsym.tools.latency.LatencyJson;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;
import picocli.CommandLine.Option;

/**
 * The latency options every load-generating command shares ({@code --rate}, {@code --hgrm}, {@code
 * --json}), and how it reports: a stats line a second on stderr while it runs, then one summary line
 * (or one JSON object) on stdout.
 */
final class LatencyOptions {
    @Option(
            names = "--rate",
            paramLabel = "R",
            defaultValue = "0",
            description = "Messages per second at a fixed rate, latency timed from each one's intended send time"
                    + " (no coordinated omission); 0 (default) = closed loop, the next after each answer.")
    double rate;

    @Option(
            names = "--hgrm",
            paramLabel = "FILE",
            description = "Write the percentile distribution (HdrHistogram .hgrm, microseconds).")
    Path hgrm;

    @Option(names = "--json", description = "Print the summary as one JSON object instead of a text line.")
    boolean json;

    /** A recorder for this run's load: fixed rate when {@code --rate} is given, else closed loop. */
    LatencyRecorder newRecorder() {
        return new LatencyRecorder(rate > 0 ? LoadMode.FIXED_RATE : LoadMode.CLOSED_LOOP);
    }

    /** A client's run, which records into the recorder it was given. */
    interface Run<T> {
        T run() throws IOException, InterruptedException;
    }

    /**
     * Runs {@code run}, printing {@code recorder}'s interval summary to stderr every second meanwhile
     * (not with {@code --json}); returns what it returned.
     */
    <T> T whileShowingStats(LatencyRecorder recorder, String label, Run<T> run)
            throws IOException, InterruptedException {
        Thread stats = json ? null : statsEverySecond(recorder, label);
        try {
            return run.run();
        } finally {
            if (stats != null) {
                stats.interrupt();
            }
        }
    }

    /** Prints the interval summary to stderr every second until the returned thread is interrupted. */
    private static Thread statsEverySecond(LatencyRecorder recorder, String label) {
        Thread t = new Thread(
                () -> {
                    try {
                        while (true) {
                            Thread.sleep(1000);
                            LatencySummary s = recorder.intervalSummary();
                            if (s.count() > 0) {
                                System.err.println(label + " last second: " + s.toLine());
                            }
                        }
                    } catch (InterruptedException e) {
                        // done
                    }
                },
                "stats");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The final report: a text line (with {@code extra} before it) or JSON; the .hgrm file when asked. */
    void report(LatencyRecorder recorder, Map<String, ?> fields, String textPrefix) throws IOException {
        LatencySummary total = recorder.total();
        if (hgrm != null) {
            try {
                recorder.writeHgrm(hgrm);
            } catch (IOException e) {
                throw new IOException("cannot write " + hgrm + ": " + Main.describe(e));
            }
        }
        if (json) {
            System.out.println(LatencyJson.of(fields, total));
        } else {
            System.out.println(textPrefix + total.toLine());
        }
    }
}
