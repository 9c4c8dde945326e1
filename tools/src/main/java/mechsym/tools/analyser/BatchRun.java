package mechsym.tools.analyser;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The post's batch mode: packets as fast as the analyser takes them, timed per report of {@code
 * reportPackets} (the post: 10M per report, the first 50M as warm-up). Closed loop: the next packet
 * arrives when the last one is in. Each report has its wall time and the process's CPU time ({@link
 * ProcessCpuClock}, as native/packet_analyser reads it): on a shared machine the CPU time leaves out
 * what other processes took.
 *
 * @param warmupPackets packets before the first timed report
 * @param reportPackets packets per timed report
 * @param reports how many timed reports
 */
public record BatchRun(long warmupPackets, long reportPackets, int reports) {

    /** The post's batch: 50M warm-up, then 10M-packet reports. */
    public static BatchRun post(int reports) {
        return new BatchRun(50_000_000L, 10_000_000L, reports);
    }

    public BatchRun {
        if (warmupPackets < 0 || reportPackets < 1 || reports < 1) {
            throw new IllegalArgumentException("batch: warm-up " + warmupPackets + ", report " + reportPackets
                    + " packets, " + reports + " reports");
        }
    }

    /**
     * What one timed report measured.
     *
     * @param nanos wall time
     * @param cpuNanos the process's CPU time (every thread of it, the collector's included)
     */
    public record Report(int index, long packets, long nanos, long cpuNanos) {
        /** Wall time per packet. */
        public double nsPerPacket() {
            return nanos / (double) packets;
        }

        /** The process's CPU time per packet. */
        public double cpuNsPerPacket() {
            return cpuNanos / (double) packets;
        }
    }

    /**
     * Runs warm-up then the reports, handing each report to {@code onReport} as it ends; then drains
     * the FIFO, checks the guard and releases the store.
     *
     * @throws IllegalStateException when the correctness guard or the leak check fails
     */
    public List<Report> run(Analyser analyser, Consumer<Report> onReport) {
        List<Report> out = runWithoutFinish(analyser, onReport);
        finish(analyser);
        return out;
    }

    /** Warm-up and reports only, for a caller that inspects the analyser before {@link #finish}. */
    public List<Report> runWithoutFinish(Analyser analyser, Consumer<Report> onReport) {
        analyser.onPackets(warmupPackets);
        List<Report> out = new ArrayList<>(reports);
        for (int r = 0; r < reports; r++) {
            long cpuStart = ProcessCpuClock.nanos();
            long start = System.nanoTime();
            analyser.onPackets(reportPackets);
            long end = System.nanoTime();
            Report report = new Report(r, reportPackets, end - start, ProcessCpuClock.nanos() - cpuStart);
            out.add(report);
            onReport.accept(report);
        }
        return out;
    }

    /**
     * End of a run: drain, check the guard, release the store, check for leaks.
     *
     * @throws IllegalStateException when the guard or the leak check fails
     */
    public static void finish(Analyser analyser) {
        analyser.drain();
        analyser.checkConsistent();
        analyser.releaseStored();
        String leak = analyser.strategy().leakCheck();
        if (leak != null) {
            throw new IllegalStateException("leak check: " + leak);
        }
    }
}
