package mechsym.lab.experiments.queues;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.Summary;

/**
 * mechsym's goals for its queues, reported beside the verdict: each of its queues at least {@value
 * #EQUAL_WITHIN} of the library queue it is paired with, one producer and one consumer (per-round
 * ratios of elements/µs), and its SPSC queue's same-thread offer+poll no dearer than the fastest SPSC
 * peer's (per-fork ratios of ns per element).
 *
 * <p>A two-thread figure on a machine with fewer than {@value #TWO_THREAD_CORES} cores measures the
 * scheduler as much as the queue: producer and consumer spin on the only two cores, beside the JIT,
 * GC and the OS, and one fork lands in a slow or a fast mode by chance (docs/queues.md). The pair goals
 * are judged only where {@value #TWO_THREAD_CORES} cores or more can be pinned, and are NOT MEASURABLE
 * below, naming the cores they need. The same-thread goal involves no second thread and is judged
 * everywhere. Pure: figures in, goals out.
 */
final class QueuesGoals {
    static final double EQUAL_WITHIN = 0.95;
    static final int TWO_THREAD_CORES = 4;

    static final String SAME_THREAD_GOAL = "mechsym-spsc same-thread offer+poll <= fastest SPSC peer";
    /** The SPSC peers of the same-thread goal, by the benchmarks' labels. */
    static final List<String> SPSC_PEERS = List.of("jctools-spsc", "jctools-spsc-varhandle", "agrona-one-to-one");

    /** One goal pair: ours and theirs, elements/µs per round (empty when not measured). */
    record Pair(String ours, String theirs, List<Double> oursRates, List<Double> theirsRates) {
        Pair {
            oursRates = List.copyOf(oursRates);
            theirsRates = List.copyOf(theirsRates);
        }

        boolean measured() {
            return !oursRates.isEmpty() && !theirsRates.isEmpty();
        }

        Measure ratio() {
            return Measure.ratio(oursRates, theirsRates);
        }
    }

    private QueuesGoals() {}

    static String pairGoalText(Pair p) {
        return p.ours() + " >= " + EQUAL_WITHIN + "x " + p.theirs() + " (elements/µs, ratio per round)";
    }

    /**
     * mechsym's queue at least equal to the library queue it is paired with.
     *
     * @param cores the cores this run could pin threads to, one per core
     */
    static Goal pairGoal(Pair p, int cores) {
        String goal = pairGoalText(p);
        if (cores < TWO_THREAD_CORES) {
            return Goal.notMeasurable(
                    goal,
                    "producer and consumer spin on " + cores + (cores == 1 ? " core" : " cores")
                            + " beside the JIT, GC and OS: the ratio measures the scheduler as much as the queues"
                            + " (shown in the tables, not judged). Needs: >= " + TWO_THREAD_CORES
                            + " cores, so each thread has one of its own.");
        }
        if (!p.measured()) {
            return Goal.notMeasurable(goal, "one side of the pair was not measured");
        }
        return Goal.atLeast(goal, p.ratio(), EQUAL_WITHIN, "ours / theirs per round");
    }

    /**
     * mechsym's SPSC queue's same-thread cost against the fastest SPSC peer's (by median), per fork.
     *
     * @param costs ns per element by queue label, one per fork, forks of a round run in turn
     */
    static Goal sameThreadGoal(Map<String, List<Double>> costs) {
        List<Double> ours = costs.getOrDefault("mechsym-spsc", List.of());
        String fastest = SPSC_PEERS.stream()
                .filter(q -> !costs.getOrDefault(q, List.of()).isEmpty())
                .min(Comparator.comparingDouble(q -> Summary.of(costs.get(q)).median()))
                .orElse(null);
        if (ours.isEmpty() || fastest == null) {
            return Goal.notMeasurable(SAME_THREAD_GOAL, "the burst benchmark reported no mechsym-spsc or no peer");
        }
        return Goal.atMost(
                SAME_THREAD_GOAL,
                Measure.ratio(ours, costs.get(fastest)),
                1.0,
                "mechsym-spsc / " + fastest + " ns per element, per fork (mechsym-spsc "
                        + Measure.of(ours, "ns").text() + ", " + fastest + " "
                        + Measure.of(costs.get(fastest), "ns").text() + ")");
    }
}
