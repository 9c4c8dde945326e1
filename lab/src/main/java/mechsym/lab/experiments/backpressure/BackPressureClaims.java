package mechsym.lab.experiments.backpressure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The seed's claim judged from the rounds at twice the capacity, as four sub-claims: under sustained
 * overload the unbounded queue's latency grows, and grows beyond an acceptable response time (or the
 * server runs out of heap); the bounded queue that answers 503 keeps its accepted requests within the
 * latency it was sized for; and it does so at full throughput. Pure: the rounds' figures in, the
 * verdict out.
 *
 * <p>The post gives no figures, so every line is mechsym's reading of it: the accepted p99 (client
 * side, from the intended start) may exceed the sized latency by one transaction time plus {@link
 * #ALLOWANCE_MILLIS} (the HTTP round trip and the scheduling of a shared machine), which is also the
 * "acceptable response time" the unbounded queue passes; "full throughput" is at least {@link
 * #THROUGHPUT_SHARE} of the capacity measured in the same round; "grows" is the unbounded run's
 * last-interval median at least {@link #GROWTH} times its first-interval median. Each decides through
 * its interval over the rounds. "Ran out of heap" is only the child's OutOfMemoryError exit ({@link
 * #outOfMemory}), a fact that settles both unbounded sub-claims; a server that died otherwise leaves
 * its round out.
 */
final class BackPressureClaims {
    static final double ALLOWANCE_MILLIS = 5;
    static final double THROUGHPUT_SHARE = 0.8;
    static final double GROWTH = 2;
    /** What the JVM exits with under -XX:+ExitOnOutOfMemoryError. */
    static final int OUT_OF_MEMORY_EXIT = 3;

    static final String GROWS = "an unbounded queue's latency grows under sustained overload (2x capacity)";
    static final String BEYOND = "an unbounded queue's latency passes the acceptable response time under overload";
    static final String BOUNDED = "a bounded queue answering 503 keeps accepted requests within its sized latency";
    static final String THROUGHPUT = "the bounded queue keeps full throughput while rejecting the overflow";

    private BackPressureClaims() {}

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
     * One round of the bounded+503 gateway: its capacity and its run at twice the first capacity.
     *
     * @param capacityPerSecond 200 answers per second under 1.5x the nominal rate
     * @param acceptedP99Millis the 2x run's p99 of answered (200) requests
     * @param acceptedPerSecond the 2x run's 200 answers per second
     */
    record BoundedRound(double capacityPerSecond, double acceptedP99Millis, double acceptedPerSecond) {}

    /**
     * One run of the unbounded gateway at twice the capacity.
     *
     * @param firstMedianMillis the median latency of the answers in its first interval (by time of answer)
     * @param lastMedianMillis the same in its last interval, the drain after the schedule included
     * @param p99Millis the p99 over the whole run
     * @param end how the server's run ended
     * @param exit its exit code, or -1 while it runs
     */
    record UnboundedRound(double firstMedianMillis, double lastMedianMillis, double p99Millis, End end, int exit) {
        static UnboundedRound running(double firstMedianMillis, double lastMedianMillis, double p99Millis) {
            return new UnboundedRound(firstMedianMillis, lastMedianMillis, p99Millis, End.RUNNING, -1);
        }
    }

    /**
     * The figures at 2x overload.
     *
     * @param sizedLatencyMillis the latency the bounded queue was sized for (Little's law)
     * @param transactionMillis one transaction's time
     * @param arrivalPerSecond the arrival rate of the 2x runs
     * @param bounded the bounded+503 rounds
     * @param unbounded the unbounded runs
     */
    record Figures(
            double sizedLatencyMillis,
            double transactionMillis,
            double arrivalPerSecond,
            List<BoundedRound> bounded,
            List<UnboundedRound> unbounded) {
        Figures {
            bounded = List.copyOf(bounded);
            unbounded = List.copyOf(unbounded);
        }

        /** The accepted-latency line: sized latency + one transaction + the allowance. */
        double line() {
            return sizedLatencyMillis + transactionMillis + ALLOWANCE_MILLIS;
        }
    }

    /**
     * Whether a server child that exited with {@code exitCode} ran out of heap: the JVM's exit code under
     * -XX:+ExitOnOutOfMemoryError, or the OutOfMemoryError line in its log. Any other death is not.
     */
    static boolean outOfMemory(int exitCode, List<String> log) {
        return exitCode == OUT_OF_MEMORY_EXIT
                || log.stream().anyMatch(line -> line.contains("java.lang.OutOfMemoryError"));
    }

    static Verdict judge(Figures f) {
        if (!(f.sizedLatencyMillis() > 0) || Double.isNaN(f.transactionMillis())) {
            return Verdict.inconclusive("missing figure: sized latency (nothing to judge against)");
        }
        return Verdict.fromClaims(List.of(grows(f), beyond(f), bounded(f), throughput(f)));
    }

    private static String at(Figures f) {
        return String.format(Locale.ROOT, "at %.0f/s", f.arrivalPerSecond());
    }

    /** The round that ran out of heap, or -1. */
    private static int outOfMemoryRound(Figures f) {
        for (int i = 0; i < f.unbounded().size(); i++) {
            if (f.unbounded().get(i).end() == End.OUT_OF_MEMORY) {
                return i;
            }
        }
        return -1;
    }

    /** The rounds still running at their end (a died round has no figure). */
    private static List<UnboundedRound> measured(Figures f) {
        return f.unbounded().stream()
                .filter(r -> r.end() == End.RUNNING
                        && r.firstMedianMillis() > 0
                        && !Double.isNaN(r.lastMedianMillis())
                        && !Double.isNaN(r.p99Millis()))
                .toList();
    }

    /** Why the unbounded rounds decide nothing: "no run" or the exit codes of those that died. */
    private static String noUnboundedFigure(Figures f) {
        List<String> died = new ArrayList<>();
        for (UnboundedRound r : f.unbounded()) {
            if (r.end() == End.DIED) {
                died.add("exit " + r.exit());
            }
        }
        return died.isEmpty()
                ? "no unbounded run at 200% was measured"
                : "the unbounded server died " + at(f) + " (" + String.join(", ", died)
                        + "), not out of memory: no figure";
    }

    /**
     * An unbounded sub-claim: settled by an out-of-heap exit when a run had one, else {@code decide}d
     * over the runs still running at their end, else undecided.
     */
    private static Claim unboundedClaim(String claim, Figures f, Function<List<UnboundedRound>, Claim> decide) {
        int oom = outOfMemoryRound(f);
        if (oom >= 0) {
            return outOfHeap(claim, f, oom);
        }
        List<UnboundedRound> rounds = measured(f);
        return rounds.isEmpty() ? Claim.inconclusive(claim, noUnboundedFigure(f)) : decide.apply(rounds);
    }

    private static Claim grows(Figures f) {
        return unboundedClaim(GROWS, f, rounds -> {
            List<Double> growth = rounds.stream()
                    .map(r -> r.lastMedianMillis() / r.firstMedianMillis())
                    .toList();
            UnboundedRound mid = rounds.get(rounds.size() / 2);
            return Claim.atLeast(
                            GROWS,
                            Measure.of(growth, "x"),
                            GROWTH,
                            String.format(
                                    Locale.ROOT,
                                    "%s the median of the last interval's answers over the first's (e.g. %.1f ms to"
                                            + " %.1f ms)",
                                    at(f),
                                    mid.firstMedianMillis(),
                                    mid.lastMedianMillis()))
                    .withOurLine();
        });
    }

    private static Claim beyond(Figures f) {
        return unboundedClaim(
                BEYOND,
                f,
                rounds -> Claim.atLeast(
                                BEYOND,
                                Measure.of(
                                        rounds.stream()
                                                .map(UnboundedRound::p99Millis)
                                                .toList(),
                                        "ms"),
                                f.line(),
                                at(f) + " the unbounded run's p99, against the bounded queue's line (" + lineText(f)
                                        + ")")
                        .withOurLine());
    }

    private static Claim outOfHeap(String claim, Figures f, int round) {
        long outOfHeap =
                f.unbounded().stream().filter(r -> r.end() == End.OUT_OF_MEMORY).count();
        return Claim.judge(
                claim,
                true,
                Measure.exact(outOfHeap, "runs out of heap", f.unbounded().size()),
                "the server ran out of its heap " + at(f) + " in run " + (round + 1) + " (OutOfMemoryError exit)");
    }

    private static Claim bounded(Figures f) {
        List<Double> p99 = f.bounded().stream()
                .map(BoundedRound::acceptedP99Millis)
                .filter(v -> !Double.isNaN(v))
                .toList();
        if (p99.isEmpty()) {
            return Claim.inconclusive(BOUNDED, "no bounded+503 run at 200% was measured");
        }
        return Claim.atMost(BOUNDED, Measure.of(p99, "ms"), f.line(), at(f) + " accepted p99 (" + lineText(f) + ")")
                .withOurLine();
    }

    private static Claim throughput(Figures f) {
        List<Double> accepted = new ArrayList<>();
        List<Double> capacity = new ArrayList<>();
        for (BoundedRound r : f.bounded()) {
            if (!Double.isNaN(r.acceptedPerSecond()) && r.capacityPerSecond() > 0) {
                accepted.add(r.acceptedPerSecond());
                capacity.add(r.capacityPerSecond());
            }
        }
        if (accepted.isEmpty()) {
            return Claim.inconclusive(THROUGHPUT, "no bounded+503 run at 200% with a capacity was measured");
        }
        return Claim.atLeast(
                        THROUGHPUT,
                        Measure.ratio(accepted, capacity),
                        THROUGHPUT_SHARE,
                        String.format(
                                Locale.ROOT,
                                "%s the 200 answers per second over the capacity measured in the same round"
                                        + " (line %.0f%%)",
                                at(f),
                                100 * THROUGHPUT_SHARE))
                .withOurLine();
    }

    private static String lineText(Figures f) {
        return String.format(
                Locale.ROOT,
                "sized %.1f ms + transaction %.1f ms + %.0f ms",
                f.sizedLatencyMillis(),
                f.transactionMillis(),
                ALLOWANCE_MILLIS);
    }
}
