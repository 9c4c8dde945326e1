package mechsym.lab.experiments.udpecho;

import static mechsym.lab.rigs.latency.Findings.ratio;
import static mechsym.lab.rigs.latency.Findings.us;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import mechsym.lab.Verdict;
import mechsym.lab.rigs.latency.Findings;
import mechsym.lab.rigs.latency.Findings.Finding;

/**
 * The udp-echo experiment's claims and speed goals, decided from one run's percentiles. A missing
 * figure makes its claim inconclusive, saying which.
 *
 * @param ring p50/p99 of the ring pipeline (sleeping wait) by client threads
 * @param disruptor the same for the Disruptor pipeline
 * @param threads the same for the thread-pool server
 * @param ringSpin p50/p99 of the ring with busy-spin waits at one client thread, or null
 * @param disruptorSpin the same for the Disruptor, or null
 * @param sleepingIdleCpu idle CPU per waiting thread of the sleeping strategy, percent of a CPU, or null
 * @param cores the CPUs the goals count client threads up to
 */
record UdpEchoFindings(
        Map<Integer, Pcts> ring,
        Map<Integer, Pcts> disruptor,
        Map<Integer, Pcts> threads,
        Pcts ringSpin,
        Pcts disruptorSpin,
        Double sleepingIdleCpu,
        int cores) {

    /** A case's median and 99th percentile, microseconds. */
    record Pcts(double p50, double p99) {
        double spread() {
            return p99 / p50;
        }
    }

    /** The post puts the sleeping strategy at "4-6% per core"; "a few percent" is read as at most 10. */
    static final double FEW_PERCENT = 10.0;

    /** mechsym's goal: the ring's p99 within 10% of the Disruptor's. */
    static final double GOAL_RING_OVER_DISRUPTOR = 1.10;

    /** The post: "The 99pc and 50pc are very consistent for Disruptor" (against the thread pool). */
    Verdict ringSpreadTighterThanThreads() {
        List<String> tighter = new ArrayList<>();
        List<String> wider = new ArrayList<>();
        for (int n : common(ring, threads)) {
            String text =
                    n + " client thread(s): ring p99/p50 " + ratio(ring.get(n).spread()) + ", threads "
                            + ratio(threads.get(n).spread());
            (ring.get(n).spread() < threads.get(n).spread() ? tighter : wider).add(text);
        }
        return byCount(tighter, wider, "no client count measured for both ring and threads");
    }

    /** The post: "Sleeping Wait Strategy consistently showed better latency than BusySpin". */
    Verdict sleepingBeatBusySpin() {
        List<String> beat = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        compareWaits("ring", ring.get(1), ringSpin, beat, lost);
        compareWaits("disruptor", disruptor.get(1), disruptorSpin, beat, lost);
        return byCount(beat, lost, "no sleeping and busy-spin pair measured at one client thread");
    }

    private static void compareWaits(String name, Pcts sleeping, Pcts spin, List<String> beat, List<String> lost) {
        if (sleeping == null || spin == null) {
            return;
        }
        String text = String.format(
                Locale.ROOT,
                "%s sleeping p50/p99 %s/%s vs spin %s/%s",
                name,
                us(sleeping.p50()),
                us(sleeping.p99()),
                us(spin.p50()),
                us(spin.p99()));
        (sleeping.p50() < spin.p50() && sleeping.p99() < spin.p99() ? beat : lost).add(text);
    }

    /** The post: the sleeping strategy "uses 4-6% per core" (idle here: no datagrams). */
    Verdict sleepingCostsAFewPercent() {
        if (sleepingIdleCpu == null) {
            return Verdict.inconclusive("the sleeping strategy's idle CPU was not measured");
        }
        String text = String.format(
                Locale.ROOT, "%.1f%% of a CPU per waiting thread when idle (post: 4-6%%)", sleepingIdleCpu);
        return sleepingIdleCpu <= FEW_PERCENT ? Verdict.reproduced(text) : Verdict.notReproduced(text);
    }

    Verdict verdict() {
        return Findings.combine(List.of(
                new Finding("ring p99/p50 tighter than the thread pool's", ringSpreadTighterThanThreads()),
                new Finding("sleeping wait beat busy-spin", sleepingBeatBusySpin()),
                new Finding("sleeping wait costs a few % of a core", sleepingCostsAFewPercent())));
    }

    /** mechsym's goal: ring p99 at or below the thread pool's at every client count up to the cores. */
    Verdict ringP99AtOrBelowThreads() {
        List<String> met = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (int n : common(ring, threads)) {
            if (n > cores) {
                continue;
            }
            String text = n + ": ring p99 " + us(ring.get(n).p99()) + ", threads "
                    + us(threads.get(n).p99());
            (ring.get(n).p99() <= threads.get(n).p99() ? met : missed).add(text);
        }
        return allOrNothing(met, missed, "no client count up to the cores measured for both");
    }

    /** mechsym's goal: ring p99 within 10% of the Disruptor's at every client count up to the cores. */
    Verdict ringP99WithinTenPercentOfDisruptor() {
        List<String> met = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (int n : common(ring, disruptor)) {
            if (n > cores) {
                continue;
            }
            double r = ring.get(n).p99() / disruptor.get(n).p99();
            String text = n + ": ring/disruptor p99 " + ratio(r);
            (r <= GOAL_RING_OVER_DISRUPTOR ? met : missed).add(text);
        }
        return allOrNothing(met, missed, "no client count up to the cores measured for both");
    }

    private static List<Integer> common(Map<Integer, Pcts> a, Map<Integer, Pcts> b) {
        SortedMap<Integer, Pcts> sorted = new TreeMap<>(a);
        sorted.keySet().retainAll(b.keySet());
        return new ArrayList<>(sorted.keySet());
    }

    private static Verdict byCount(List<String> yes, List<String> no, String none) {
        String text = String.join("; ", concat(yes, no));
        if (yes.isEmpty() && no.isEmpty()) {
            return Verdict.inconclusive(none);
        }
        if (no.isEmpty()) {
            return Verdict.reproduced(text);
        }
        return yes.isEmpty() ? Verdict.notReproduced(text) : Verdict.partly(text);
    }

    /** A goal is met only when met at every point. */
    private static Verdict allOrNothing(List<String> met, List<String> missed, String none) {
        if (met.isEmpty() && missed.isEmpty()) {
            return Verdict.inconclusive(none);
        }
        String text = String.join("; ", concat(met, missed));
        return missed.isEmpty() ? Verdict.reproduced("met: " + text) : Verdict.notReproduced("missed: " + text);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
