package mechsym.lab.experiments.backpressure;

import java.util.Locale;
import mechsym.lab.Verdict;

/**
 * The seed's claim judged from one run's figures: at twice the capacity, the bounded queue that
 * answers 503 keeps its accepted requests within the latency it was sized for, at full throughput,
 * while the unbounded queue's latency grows with time (or the server hits its memory cap).
 *
 * <p>The lines: the accepted p99 (client side, from the intended start) may exceed the sized
 * latency by one transaction time plus {@link #ALLOWANCE_MILLIS} (the HTTP round trip and the
 * scheduling of a shared machine); "full throughput" is at least {@link #THROUGHPUT_SHARE} of the
 * measured capacity; "grows with time" is the unbounded run's last-interval median at least {@link
 * #GROWTH} times its first-interval median and its p99 beyond the bounded line.
 */
final class BackPressureVerdict {
    static final double ALLOWANCE_MILLIS = 5;
    static final double THROUGHPUT_SHARE = 0.8;
    static final double GROWTH = 2;

    private BackPressureVerdict() {}

    /**
     * The figures at 2x overload.
     *
     * @param sizedLatencyMillis the latency the bounded queue was sized for (Little's law)
     * @param transactionMillis one transaction's time
     * @param capacityPerSecond the measured capacity
     * @param rejectAcceptedP99Millis the bounded+503 run's p99 of answered (200) requests
     * @param rejectAcceptedPerSecond the bounded+503 run's 200 answers per second
     * @param unboundedFirstMedianMillis the unbounded run's median latency of the answers in its first
     *     interval (by time of answer)
     * @param unboundedLastMedianMillis the same in its last interval, the drain after the schedule included
     * @param unboundedP99Millis the unbounded run's p99 over the whole run
     * @param unboundedHitMemoryCap whether the unbounded server ran out of heap (and exited)
     */
    record Figures(
            double sizedLatencyMillis,
            double transactionMillis,
            double capacityPerSecond,
            double rejectAcceptedP99Millis,
            double rejectAcceptedPerSecond,
            double unboundedFirstMedianMillis,
            double unboundedLastMedianMillis,
            double unboundedP99Millis,
            boolean unboundedHitMemoryCap) {}

    static Verdict judge(Figures f) {
        String missing = missing(f);
        if (missing != null) {
            return Verdict.inconclusive("missing figure: " + missing);
        }
        double line = f.sizedLatencyMillis() + f.transactionMillis() + ALLOWANCE_MILLIS;
        boolean boundedHolds = f.rejectAcceptedP99Millis() <= line;
        boolean fullThroughput = f.rejectAcceptedPerSecond() >= THROUGHPUT_SHARE * f.capacityPerSecond();
        boolean unboundedGrows = f.unboundedHitMemoryCap()
                || (f.unboundedLastMedianMillis() >= GROWTH * f.unboundedFirstMedianMillis()
                        && f.unboundedP99Millis() > line);
        String text = String.format(
                Locale.ROOT,
                "at 2x capacity (%.0f/s): bounded+503 accepted p99 %.1f ms against a line of %.1f ms (sized %.1f ms"
                        + " + transaction %.1f ms + %.0f ms) at %.0f answers/s (%.0f%% of capacity); unbounded %s",
                f.capacityPerSecond(),
                f.rejectAcceptedP99Millis(),
                line,
                f.sizedLatencyMillis(),
                f.transactionMillis(),
                ALLOWANCE_MILLIS,
                f.rejectAcceptedPerSecond(),
                100 * f.rejectAcceptedPerSecond() / f.capacityPerSecond(),
                f.unboundedHitMemoryCap()
                        ? "ran out of its heap (the server exited)"
                        : String.format(
                                Locale.ROOT,
                                "median grew from %.1f ms to %.1f ms during the run, p99 %.1f ms",
                                f.unboundedFirstMedianMillis(),
                                f.unboundedLastMedianMillis(),
                                f.unboundedP99Millis()));
        if (boundedHolds && unboundedGrows && fullThroughput) {
            return Verdict.reproduced(text);
        }
        if (!boundedHolds && !unboundedGrows) {
            return Verdict.notReproduced(text);
        }
        String why = !boundedHolds
                ? "the bounded queue's p99 went past its line"
                : !unboundedGrows
                        ? "the unbounded queue's latency did not grow"
                        : "the bounded run fell short of full throughput";
        return Verdict.partly(why + "; " + text);
    }

    private static String missing(Figures f) {
        if (!(f.capacityPerSecond() > 0)) {
            return "capacity";
        }
        if (!(f.sizedLatencyMillis() > 0) || Double.isNaN(f.transactionMillis())) {
            return "sized latency";
        }
        if (Double.isNaN(f.rejectAcceptedP99Millis()) || Double.isNaN(f.rejectAcceptedPerSecond())) {
            return "bounded+503 run at 200%";
        }
        if (!f.unboundedHitMemoryCap()
                && (Double.isNaN(f.unboundedFirstMedianMillis())
                        || Double.isNaN(f.unboundedLastMedianMillis())
                        || Double.isNaN(f.unboundedP99Millis()))) {
            return "unbounded run at 200%";
        }
        return null;
    }
}
