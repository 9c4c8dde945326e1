package mechsym.lab.experiments.lazyset;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.rigs.pingpong.CpuPair;
import mechsym.tools.platform.CpuTopology;

/**
 * mechsym's goal for lazyset, beside the verdict: core's Sequence, published with its release store,
 * costs the catch-up writer no more than the post's AtomicLong.lazySet (within {@value #WITHIN}x, the
 * ratio taken round by round). Catch-up runs a consumer beside the writer, so two busy threads: the
 * goal is judged only where {@value CpuPair#CORES_FOR_TWO_THREAD_TIMINGS} cores can be pinned. Pure:
 * figures in, goal out; stateless.
 */
final class LazySetGoals {
    static final double WITHIN = 1.15;

    static final String SEQUENCE_AS_CHEAP =
            "core Sequence's release store no dearer for the catch-up writer than AtomicLong.lazySet (<= 1.15x)";

    private LazySetGoals() {}

    /** @param sequenceOverAtomic the catch-up writer's ns per value, Sequence lazy / AtomicLong lazy, per round */
    static List<Goal> goals(List<Double> sequenceOverAtomic, CpuTopology topology) {
        var tooFew = CpuPair.tooFewCoresForTwoThreads(topology);
        if (tooFew.isPresent()) {
            return List.of(Goal.notMeasurable(SEQUENCE_AS_CHEAP, tooFew.get()));
        }
        if (sequenceOverAtomic.isEmpty()) {
            return List.of(Goal.notMeasurable(
                    SEQUENCE_AS_CHEAP, "no round finished the lazy catch-up of both core's Sequence and AtomicLong"));
        }
        return List.of(Goal.atMost(
                SEQUENCE_AS_CHEAP,
                Measure.of(sequenceOverAtomic, "x"),
                WITHIN,
                "catch-up writer ns per value, Sequence / AtomicLong (both lazy), round by round"));
    }
}
