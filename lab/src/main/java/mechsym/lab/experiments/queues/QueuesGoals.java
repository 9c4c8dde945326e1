package mechsym.lab.experiments.queues;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Summary;

/**
 * mechsym's goals for its queues, reported beside the verdict: each of its queues at least equal to
 * the library queue it is paired with (a median per-round ratio of 0.95 or more, over at least two
 * rounds with a spread the comparison can live with), and its SPSC queue's same-thread offer+poll no
 * dearer than the fastest peer's. Pure: figures in, goals out.
 */
final class QueuesGoals {
    static final double EQUAL_WITHIN = 0.95;

    static final String SAME_THREAD_GOAL = "mechsym-spsc same-thread offer+poll <= fastest SPSC peer";
    /** The SPSC peers of the same-thread goal, by the benchmarks' labels. */
    static final List<String> SPSC_PEERS = List.of("jctools-spsc", "jctools-spsc-varhandle", "agrona-one-to-one");

    /** One goal pair and its per-round ratios (ours / theirs), null when either side is missing. */
    record Pair(String ours, String theirs, Summary ratios) {}

    private QueuesGoals() {}

    /** mechsym's queue at least equal to the library queue it is paired with. */
    static Goal pairGoal(Pair p) {
        String goal = p.ours() + " >= " + EQUAL_WITHIN + "x " + p.theirs() + " (elements/µs, median per round)";
        if (p.ratios() == null) {
            return Goal.notMeasurable(goal, "one side of the pair was not measured");
        }
        String figures = String.format(
                Locale.ROOT,
                "median %.3fx (min %.2f, max %.2f, %d rounds)",
                p.ratios().median(),
                p.ratios().min(),
                p.ratios().max(),
                p.ratios().n());
        return Goal.judgeRounds(
                goal,
                p.ratios(),
                p.ratios().median() >= EQUAL_WITHIN,
                figures,
                "A fork landed in the other of the two modes a two-thread run settles in (docs/queues.md), or the"
                        + " machine was busy. Needs: two free cores.");
    }

    /** mechsym's SPSC queue's same-thread cost (ns per element) against the fastest SPSC peer's. */
    static Goal sameThreadGoal(Map<String, Double> costs) {
        Double ours = costs.get("mechsym-spsc");
        String fastest = SPSC_PEERS.stream()
                .filter(costs::containsKey)
                .min((a, b) -> Double.compare(costs.get(a), costs.get(b)))
                .orElse(null);
        if (ours == null || fastest == null) {
            return Goal.notMeasurable(SAME_THREAD_GOAL, "the burst benchmark reported no mechsym-spsc or no peer");
        }
        return Goal.judge(
                SAME_THREAD_GOAL,
                ours <= costs.get(fastest),
                String.format(
                        Locale.ROOT, "mechsym-spsc %.2f, %s %.2f ns per element", ours, fastest, costs.get(fastest)));
    }
}
