package mechsym.lab.experiments.udpecho;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.experiments.udpecho.UdpEchoFigures.Pcts;

/**
 * mechsym's goals for its ring pipeline, beside the verdict: its p99 at or below the thread pool's,
 * and within 10% of the Disruptor's, at every client count up to the cores; per round, the worst count
 * decides. A p99 of a client, a receiving thread and two consumers measures the scheduler as much as
 * the pipeline when they share fewer than {@value #NEEDS_CORES} cores with the JIT, GC and OS: the goals
 * are NOT MEASURABLE there, naming the cores. Pure: figures in, goals out.
 */
final class UdpEchoGoals {
    static final int NEEDS_CORES = 4;

    /** The ring's p99 within 10% of the Disruptor's. */
    static final double RING_OVER_DISRUPTOR = 1.10;

    private UdpEchoGoals() {}

    /** @param cores the CPUs the cases' threads share (the client counts judged go up to it) */
    static List<Goal> judge(List<UdpEchoFigures> rounds, int cores) {
        return List.of(
                goal(
                        "ring p99 at or below the thread pool's at every client count up to the cores (" + cores + ")",
                        rounds.stream().map(UdpEchoFigures::threads).toList(),
                        rounds,
                        cores,
                        1.0,
                        "ring p99 over the pool's"),
                goal(
                        "ring p99 within 10% of the Disruptor's at every client count up to the cores (" + cores + ")",
                        rounds.stream().map(UdpEchoFigures::disruptor).toList(),
                        rounds,
                        cores,
                        RING_OVER_DISRUPTOR,
                        "ring p99 over the Disruptor's"));
    }

    private static Goal goal(
            String goal,
            List<Map<Integer, Pcts>> theirs,
            List<UdpEchoFigures> rounds,
            int cores,
            double bar,
            String what) {
        if (cores < NEEDS_CORES) {
            return Goal.notMeasurable(
                    goal,
                    "On " + cores + (cores == 1 ? " core" : " cores") + " the client, the receiving thread and the"
                            + " pipeline's consumers share them with the JIT, GC and OS: a p99 measures the scheduler"
                            + " as much as the pipeline (shown in the tables, not judged). Needs: >= " + NEEDS_CORES
                            + " cores.");
        }
        List<Double> worst = new ArrayList<>();
        for (int r = 0; r < rounds.size(); r++) {
            Map<Integer, Pcts> ring = rounds.get(r).ring();
            Map<Integer, Pcts> other = theirs.get(r);
            TreeSet<Integer> counts = new TreeSet<>(ring.keySet());
            counts.retainAll(other.keySet());
            counts.removeIf(n -> n > cores);
            counts.stream()
                    .map(n -> ring.get(n).p99() / other.get(n).p99())
                    .max(Double::compare)
                    .ifPresent(worst::add);
        }
        if (worst.isEmpty()) {
            return Goal.notMeasurable(goal, "no client count measured for both");
        }
        return Goal.atMost(goal, Measure.of(worst, "x"), bar, what + ", per round, at its worst client count");
    }
}
