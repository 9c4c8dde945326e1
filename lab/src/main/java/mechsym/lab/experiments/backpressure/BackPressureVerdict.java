package mechsym.lab.experiments.backpressure;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The seed's claim judged from one run's figures at twice the capacity, as three sub-claims: the
 * unbounded queue's latency grows with time (or the server runs out of heap); the bounded queue that
 * answers 503 keeps its accepted requests within the latency it was sized for; and it does so at full
 * throughput.
 *
 * <p>The lines: the accepted p99 (client side, from the intended start) may exceed the sized latency by
 * one transaction time plus {@link #ALLOWANCE_MILLIS} (the HTTP round trip and the scheduling of a
 * shared machine); "full throughput" is at least {@link #THROUGHPUT_SHARE} of the measured capacity;
 * "grows with time" is the unbounded run's last-interval median at least {@link #GROWTH} times its
 * first-interval median and its p99 beyond the bounded line. "Ran out of heap" is only the child's
 * OutOfMemoryError exit ({@link #outOfMemory}); a server that died otherwise leaves the unbounded
 * sub-claim undecided.
 */
final class BackPressureVerdict {
    static final double ALLOWANCE_MILLIS = 5;
    static final double THROUGHPUT_SHARE = 0.8;
    static final double GROWTH = 2;
    /** What the JVM exits with under -XX:+ExitOnOutOfMemoryError. */
    static final int OUT_OF_MEMORY_EXIT = 3;

    static final String UNBOUNDED = "an unbounded queue's latency grows under sustained overload (2x capacity)";
    static final String BOUNDED = "a bounded queue answering 503 keeps accepted requests within its sized latency";
    static final String THROUGHPUT = "the bounded queue keeps full throughput while rejecting the overflow";

    private BackPressureVerdict() {}

    /** How the unbounded server's run ended. */
    enum End {
        /** Still running at the end of its run. */
        RUNNING,
        /** Exited on OutOfMemoryError. */
        OUT_OF_MEMORY,
        /** Exited for another reason (a crash, a kill): no figure about memory. */
        DIED
    }

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
     * @param unboundedEnd how the unbounded server's run ended
     * @param unboundedExit its exit code, or -1 while it runs
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
            End unboundedEnd,
            int unboundedExit) {}

    /**
     * Whether a server child that exited with {@code exitCode} ran out of heap: the JVM's exit code under
     * -XX:+ExitOnOutOfMemoryError, or the OutOfMemoryError line in its log. Any other death is not.
     */
    static boolean outOfMemory(int exitCode, List<String> log) {
        return exitCode == OUT_OF_MEMORY_EXIT
                || log.stream().anyMatch(line -> line.contains("java.lang.OutOfMemoryError"));
    }

    static Verdict judge(Figures f) {
        if (!(f.capacityPerSecond() > 0) || !(f.sizedLatencyMillis() > 0) || Double.isNaN(f.transactionMillis())) {
            return Verdict.inconclusive("missing figure: " + (f.capacityPerSecond() > 0 ? "sized latency" : "capacity")
                    + " (nothing to judge against)");
        }
        double line = f.sizedLatencyMillis() + f.transactionMillis() + ALLOWANCE_MILLIS;
        return Verdict.fromClaims(List.of(unbounded(f, line), bounded(f, line), throughput(f)));
    }

    private static Claim unbounded(Figures f, double line) {
        String at = String.format(Locale.ROOT, "at %.0f/s", 2 * f.capacityPerSecond());
        return switch (f.unboundedEnd()) {
            case OUT_OF_MEMORY ->
                Claim.judge(UNBOUNDED, true, "the server ran out of its heap " + at + " (OutOfMemoryError exit)");
            case DIED ->
                Claim.inconclusive(
                        UNBOUNDED,
                        "the unbounded server died " + at + " with exit " + f.unboundedExit()
                                + ", not out of memory: its run has no figure");
            case RUNNING -> {
                if (Double.isNaN(f.unboundedFirstMedianMillis())
                        || Double.isNaN(f.unboundedLastMedianMillis())
                        || Double.isNaN(f.unboundedP99Millis())) {
                    yield Claim.inconclusive(UNBOUNDED, "no unbounded run at 200% was measured");
                }
                boolean grows = f.unboundedLastMedianMillis() >= GROWTH * f.unboundedFirstMedianMillis()
                        && f.unboundedP99Millis() > line;
                yield Claim.judge(
                        UNBOUNDED,
                        grows,
                        String.format(
                                Locale.ROOT,
                                "%s the median grew from %.1f ms to %.1f ms during the run (growth line x%.0f), p99"
                                        + " %.1f ms against the bounded line of %.1f ms",
                                at,
                                f.unboundedFirstMedianMillis(),
                                f.unboundedLastMedianMillis(),
                                GROWTH,
                                f.unboundedP99Millis(),
                                line));
            }
        };
    }

    private static Claim bounded(Figures f, double line) {
        if (Double.isNaN(f.rejectAcceptedP99Millis())) {
            return Claim.inconclusive(BOUNDED, "no bounded+503 run at 200% was measured");
        }
        return Claim.judge(
                BOUNDED,
                f.rejectAcceptedP99Millis() <= line,
                String.format(
                        Locale.ROOT,
                        "at %.0f/s accepted p99 %.1f ms against a line of %.1f ms (sized %.1f ms + transaction %.1f ms"
                                + " + %.0f ms)",
                        2 * f.capacityPerSecond(),
                        f.rejectAcceptedP99Millis(),
                        line,
                        f.sizedLatencyMillis(),
                        f.transactionMillis(),
                        ALLOWANCE_MILLIS));
    }

    private static Claim throughput(Figures f) {
        if (Double.isNaN(f.rejectAcceptedPerSecond())) {
            return Claim.inconclusive(THROUGHPUT, "no bounded+503 run at 200% was measured");
        }
        return Claim.judge(
                THROUGHPUT,
                f.rejectAcceptedPerSecond() >= THROUGHPUT_SHARE * f.capacityPerSecond(),
                String.format(
                        Locale.ROOT,
                        "%.0f answers/s at 2x, %.0f%% of the measured capacity %.0f/s (line %.0f%%)",
                        f.rejectAcceptedPerSecond(),
                        100 * f.rejectAcceptedPerSecond() / f.capacityPerSecond(),
                        f.capacityPerSecond(),
                        100 * THROUGHPUT_SHARE));
    }
}
