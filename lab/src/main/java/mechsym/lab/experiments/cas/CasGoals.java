package mechsym.lab.experiments.cas;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's goal in this row, beside the verdict: core's {@code Sequence.getAndAdd} costs no more than
 * a VarHandle getAndAdd on the post's hand-written padded cell, one thread, per round (both in the same
 * fork, their order turned round by round): the component adds nothing to the instruction. Pure: figures
 * in, goal out.
 */
final class CasGoals {
    /** Within 10%: the same lock xadd, so anything more is the component's own cost. */
    static final double SEQUENCE_BAR = 1.10;

    static final String SEQUENCE_GOAL = "core Sequence getAndAdd <= " + SEQUENCE_BAR + "x getAndAdd on the post's cell";

    private CasGoals() {}

    /**
     * @param sequenceNs core Sequence getAndAdd, ns per increment at one thread, per round
     * @param cellNs VarHandle getAndAdd on the post's cell, the same rounds
     */
    static Goal sequence(List<Double> sequenceNs, List<Double> cellNs) {
        if (sequenceNs.isEmpty() || cellNs.isEmpty()) {
            return Goal.notMeasurable(SEQUENCE_GOAL, "the Java fork measured no getAndAdd at one thread");
        }
        return Goal.atMost(
                SEQUENCE_GOAL,
                Measure.ratio(sequenceNs, cellNs),
                SEQUENCE_BAR,
                String.format(
                        Locale.ROOT,
                        "Sequence over the cell per round, 1 thread (Sequence %s, cell %s)",
                        Measure.of(sequenceNs, "ns").text(),
                        Measure.of(cellNs, "ns").text()));
    }
}
