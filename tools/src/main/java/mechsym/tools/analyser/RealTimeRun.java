package mechsym.tools.analyser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The post's real-time mode: one packet per sequence number read from the {@link ClockQueue}, lost
 * packets counted from sequence gaps ({@link LossCounter}), one line per report interval in the post's
 * form ({@code elapsed s; since last s; lost: N}). Fixed rate: the source's clock sets the arrivals,
 * whatever the analyser does, so a pause shows as loss rather than being hidden (no coordinated
 * omission).
 *
 * @param durationNs how long to read
 * @param startupNs the start-up the verdict forgives (loss before it is reported but not counted)
 * @param reportIntervalNs time between report lines (the post: 1 s)
 */
public record RealTimeRun(long durationNs, long startupNs, long reportIntervalNs) {
    /** The share of a window's packets a trial must see for its source to have kept its interval. */
    public static final double KEPT_RATE_SHARE = 0.5;

    /** Whether a source that sent {@code seen} packets in {@code windowNs} kept an interval of {@code intervalNs}. */
    public static boolean keptRate(long seen, long windowNs, long intervalNs) {
        return seen >= KEPT_RATE_SHARE * windowNs / intervalNs;
    }

    /** The time after the start-up, which must lose nothing. */
    public long windowNs() {
        return durationNs - startupNs;
    }

    public RealTimeRun {
        if (durationNs < 1 || startupNs < 0 || startupNs >= durationNs || reportIntervalNs < 1) {
            throw new IllegalArgumentException("real-time run: duration " + durationNs + " ns, start-up " + startupNs
                    + " ns, report every " + reportIntervalNs + " ns");
        }
    }

    /** One report line. */
    public record Line(double elapsedSeconds, double sinceLastSeconds, long lost) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.1f; %.1f; lost: %d", elapsedSeconds, sinceLastSeconds, lost);
        }
    }

    /**
     * What a run saw.
     *
     * @param intervalNs the source's interval
     * @param received sequence numbers read
     * @param lost sequence numbers never read (gaps)
     * @param lostAfterStartup of those, lost after the start-up
     * @param seenAfterStartup sequence numbers read or lost after the start-up
     * @param droppedBySource what the source counted as refused by the full queue (a cross-check)
     * @param lines the report lines
     */
    public record Result(
            long intervalNs,
            long received,
            long lost,
            long lostAfterStartup,
            long seenAfterStartup,
            long droppedBySource,
            List<Line> lines) {

        /** No loss after the start-up. */
        public boolean clean() {
            return lostAfterStartup == 0 && seenAfterStartup > 0;
        }

        /**
         * Whether the clock source kept its interval over a window of {@code windowNs} after the
         * start-up: it sent at least {@link #KEPT_RATE_SHARE} of the packets the window holds. A source
         * descheduled on a busy machine sends fewer, and a trial that saw too few ran at no interval at
         * all: its lack of loss shows nothing.
         */
        public boolean keptRate(long windowNs) {
            return RealTimeRun.keptRate(seenAfterStartup, windowNs, intervalNs);
        }

        public double lostPercentAfterStartup() {
            return seenAfterStartup == 0 ? 0 : 100.0 * lostAfterStartup / seenAfterStartup;
        }
    }

    /**
     * Reads the queue until the duration ends or the source says it stopped and everything published
     * was read.
     */
    public Result run(Analyser analyser, ClockQueue queue, Consumer<Line> onLine) {
        LossCounter loss = new LossCounter();
        List<Line> lines = new ArrayList<>();
        long start = System.nanoTime();
        long lastReport = start;
        long lostAtLastReport = 0;
        long startupEnd = start + startupNs;
        long lostAtStartup = -1;
        long seenAtStartup = 0;
        long read = 0;
        int idle = 0;
        long readAtCheck = 0;
        while (true) {
            long written = queue.writePositionAcquire();
            boolean checkClock;
            if (written == read) {
                if (queue.stateAcquire() == ClockQueue.STATE_STOPPED && queue.writePositionAcquire() == read) {
                    break;
                }
                Thread.onSpinWait();
                checkClock = (++idle & 63) == 0;
            } else {
                long end = Math.min(written, read + 1024);
                for (; read < end; read++) {
                    loss.onSequence(queue.nextSequence());
                    analyser.onPacket();
                }
                queue.readPositionRelease(read);
                checkClock = read - readAtCheck >= 256; // a clock read every 256 packets: nanoTime is not free
            }
            if (checkClock) {
                readAtCheck = read;
                long now = System.nanoTime();
                if (lostAtStartup < 0 && now >= startupEnd) {
                    lostAtStartup = loss.lost();
                    seenAtStartup = loss.received() + loss.lost();
                }
                if (now - lastReport >= reportIntervalNs) {
                    Line line = new Line((now - start) / 1e9, (now - lastReport) / 1e9, loss.lost() - lostAtLastReport);
                    lines.add(line);
                    onLine.accept(line);
                    lastReport = now;
                    lostAtLastReport = loss.lost();
                }
                if (now - start >= durationNs) {
                    break;
                }
            }
        }
        long now = System.nanoTime();
        if (loss.lost() > lostAtLastReport || lines.isEmpty()) {
            Line line = new Line((now - start) / 1e9, (now - lastReport) / 1e9, loss.lost() - lostAtLastReport);
            lines.add(line);
            onLine.accept(line);
        }
        if (lostAtStartup < 0) { // ended before the start-up did: nothing counts
            lostAtStartup = loss.lost();
            seenAtStartup = loss.received() + loss.lost();
        }
        long all = loss.received() + loss.lost();
        return new Result(
                queue.intervalNs(),
                loss.received(),
                loss.lost(),
                loss.lost() - lostAtStartup,
                all - seenAtStartup,
                queue.droppedAcquire(),
                List.copyOf(lines));
    }
}
