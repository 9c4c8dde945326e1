package mechsym.tools.latency;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records latencies in nanoseconds into an HdrHistogram {@link Recorder} (3 significant digits,
 * auto-resizing, so no value is clamped) and keeps the whole run's histogram beside per-interval
 * ones, for a stats line every second and a summary at the end.
 *
 * <p>Thread safety: {@link #record} and {@link #recordFromIntendedStart} may be called by any number
 * of threads at once; they are wait-free and do not allocate (unless the histogram has to grow to a
 * new range). {@link #interval()}, {@link #total()} and {@link #writeHgrm} are for one reading thread
 * at a time (they take this object's lock); a value recorded during a call lands in that interval or
 * the next, never in neither.
 *
 * <p>Fixed-rate load: record with {@link #recordFromIntendedStart(long, long)}, passing the time the
 * request was <em>meant</em> to leave, so that a stall delays the clock of every request it held up
 * (no coordinated omission). The recorder itself does not know how it was fed: say so with the {@link
 * LoadMode} given at construction, which every summary carries.
 */
public final class LatencyRecorder {
    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram total = new Histogram(SIGNIFICANT_DIGITS);
    private final LoadMode mode;
    private Histogram interval;

    /** A recorder for latencies measured under {@code mode}. */
    public LatencyRecorder(LoadMode mode) {
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
    }

    /** The load mode this recorder's figures were measured under. */
    public LoadMode mode() {
        return mode;
    }

    /**
     * Records one latency.
     *
     * @throws IllegalArgumentException if {@code nanos} is negative (a clock read in the wrong order)
     */
    public void record(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a latency cannot be negative: " + nanos + " ns");
        }
        recorder.recordValue(nanos);
    }

    /**
     * Records the time from when a request was meant to start ({@code intendedStartNanos}, on the
     * {@link System#nanoTime()} clock) to {@code endNanos}; for fixed-rate load.
     */
    public void recordFromIntendedStart(long intendedStartNanos, long endNanos) {
        record(Math.max(0, endNanos - intendedStartNanos));
    }

    /**
     * The values recorded since the previous call (or since construction), which are also added to
     * the run's total. Call it once a second for a stats line; the returned histogram is reused by the
     * next call.
     */
    public synchronized Histogram interval() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return interval;
    }

    /** The summary of every value recorded so far (takes the pending interval into the total first). */
    public synchronized LatencySummary total() {
        interval();
        return LatencySummary.of(total, mode);
    }

    /** The summary of the values recorded since the previous interval or total call. */
    public synchronized LatencySummary intervalSummary() {
        return LatencySummary.of(interval(), mode);
    }

    /** A copy of the run's whole histogram (nanoseconds), e.g. to merge several recorders. */
    public synchronized Histogram totalHistogram() {
        interval();
        return total.copy();
    }

    /**
     * Writes the run's percentile distribution as an HdrHistogram {@code .hgrm} file, values in
     * microseconds: the format HdrHistogram's plotter (and its online viewer) reads.
     */
    public synchronized void writeHgrm(Path file) throws IOException {
        interval();
        writeHgrm(total, file);
    }

    /** Writes {@code histogram} (nanoseconds) as an {@code .hgrm} file in microseconds. */
    public static void writeHgrm(Histogram histogram, Path file) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            histogram.outputPercentileDistribution(out, 5, 1000.0);
        }
    }
}
