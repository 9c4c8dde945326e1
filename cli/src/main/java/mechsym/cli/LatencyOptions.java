package mechsym.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import mechsym.tools.latency.LatencyJson;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
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

    void checkRate() {
        if (rate < 0 || Double.isNaN(rate) || rate > 1e9) {
            throw new Main.UsageError(
                    "--rate must be 0 (closed loop) or a positive rate up to 1e9 per second, not " + rate);
        }
    }

    /** Prints the interval summary to stderr every second until the returned thread is interrupted. */
    static Thread statsEverySecond(LatencyRecorder recorder, String label) {
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
