package mechsym.lab.experiments.udpecho;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.experiments.udpecho.UdpEchoFigures.Pcts;

/**
 * The post's claims about its service, the Disruptor pipeline, against its thread-pool server, decided
 * over rounds (each a forked JVM running every case; a round's figure for a claim "at every client
 * count" is its worst count). mechsym's ring pipeline is judged apart, in {@link UdpEchoGoals}. Pure:
 * figures in, verdict out.
 */
final class UdpEchoClaims {
    /** The post puts the sleeping strategy at "4-6% per core"; "a few percent" is read as at most 10. */
    static final double FEW_PERCENT = 10.0;

    /**
     * Busy-spin against sleeping is fair only when the Disruptor's two consumers, its receiving thread
     * and the client each have a core (the post ran on 8).
     */
    static final int SPIN_NEEDS_CORES = 4;

    static final String CONSISTENT = "Disruptor p99/p50 tighter than the thread pool's at every client count";
    static final String SLEEPING_BEATS_SPIN = "Disruptor sleeping wait beats busy-spin (p50 and p99, one client)";
    static final String FEW_PERCENT_IDLE = "the sleeping wait costs a few % of a core (the post: 4-6%)";

    private UdpEchoClaims() {}

    /** @param cores the CPUs the cases' threads share */
    static Verdict judge(List<UdpEchoFigures> rounds, int cores) {
        return Verdict.fromClaims(List.of(
                disruptorSpreadTighterThanThreads(rounds),
                sleepingBeatBusySpin(rounds, cores),
                sleepingCostsAFewPercent(rounds)));
    }

    /**
     * The post: "The 99pc and 50pc are very consistent for Disruptor" (against the thread pool): per
     * round, the smallest over client counts of the pool's p99/p50 over the Disruptor's, at least 1.
     */
    static Claim disruptorSpreadTighterThanThreads(List<UdpEchoFigures> rounds) {
        List<Double> worst = new ArrayList<>();
        for (UdpEchoFigures r : rounds) {
            TreeSet<Integer> counts = new TreeSet<>(r.disruptor().keySet());
            counts.retainAll(r.threads().keySet());
            counts.stream()
                    .map(n -> r.threads().get(n).spread() / r.disruptor().get(n).spread())
                    .min(Double::compare)
                    .ifPresent(worst::add);
        }
        if (worst.isEmpty()) {
            return Claim.inconclusive(CONSISTENT, "no client count measured for both");
        }
        return Claim.atLeast(
                CONSISTENT,
                Measure.of(worst, "x"),
                1.0,
                "the pool's p99/p50 over the Disruptor's, per round, at its worst client count");
    }

    /** The post: "Sleeping Wait Strategy consistently showed better latency than BusySpin". */
    static Claim sleepingBeatBusySpin(List<UdpEchoFigures> rounds, int cores) {
        List<Double> spinOverSleeping = new ArrayList<>();
        for (UdpEchoFigures r : rounds) {
            Pcts sleeping = r.disruptor().get(1);
            if (sleeping != null && r.disruptorSpin() != null) {
                spinOverSleeping.add(Math.min(
                        r.disruptorSpin().p50() / sleeping.p50(),
                        r.disruptorSpin().p99() / sleeping.p99()));
            }
        }
        if (spinOverSleeping.isEmpty()) {
            return Claim.inconclusive(SLEEPING_BEATS_SPIN, "no sleeping and busy-spin pair measured at one client");
        }
        Measure m = Measure.of(spinOverSleeping, "x");
        String figures = "busy-spin over sleeping, the smaller of the p50 and p99 ratios, per round";
        if (cores < SPIN_NEEDS_CORES) {
            return Claim.notMeasurableHere(
                    SLEEPING_BEATS_SPIN,
                    ">= " + SPIN_NEEDS_CORES + " cores",
                    figures + ": " + m.text() + " on " + cores + " CPU(s): the busy-spinning consumers take the"
                            + " cores the other threads need, so busy-spin loses whatever the strategy.");
        }
        return Claim.atLeast(SLEEPING_BEATS_SPIN, m, 1.0, figures);
    }

    /** The post: the sleeping strategy "uses 4-6% per core" (idle here: no datagrams). */
    static Claim sleepingCostsAFewPercent(List<UdpEchoFigures> rounds) {
        List<Double> idle = rounds.stream()
                .map(UdpEchoFigures::sleepingIdleCpu)
                .filter(Objects::nonNull)
                .toList();
        if (idle.isEmpty()) {
            return Claim.inconclusive(FEW_PERCENT_IDLE, "the sleeping strategy's idle CPU was not measured");
        }
        return Claim.atMost(
                        FEW_PERCENT_IDLE,
                        Measure.of(idle, "%"),
                        FEW_PERCENT,
                        "% of a CPU per waiting thread when idle, per round")
                .withOurLine();
    }
}
