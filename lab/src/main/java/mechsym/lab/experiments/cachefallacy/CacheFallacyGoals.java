package mechsym.lab.experiments.cachefallacy;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Measure;

/**
 * mechsym's goal in this row, beside the verdict: core's {@code Sequence.setVolatile} costs no more
 * than a volatile store through a VarHandle on a plain field, per fork (the two in turn, fork by
 * fork): the padded component adds nothing to the store and its fence. Pure: figures in, goal out.
 */
final class CacheFallacyGoals {
    /** Within 10%: the same mov and lock addl, so anything more is the component's own cost. */
    static final double SEQUENCE_BAR = 1.10;

    static final String SEQUENCE_GOAL =
            "core Sequence setVolatile <= " + SEQUENCE_BAR + "x a volatile store on a plain field";

    private CacheFallacyGoals() {}

    /**
     * @param sequenceNs core Sequence setVolatile, ns/op, one per fork
     * @param volatileNs the volatile store, the same rounds of forks
     */
    static Goal sequenceVolatile(List<Double> sequenceNs, List<Double> volatileNs) {
        if (sequenceNs.isEmpty() || volatileNs.isEmpty()) {
            return Goal.notMeasurable(SEQUENCE_GOAL, "the store-cost benchmark reported no Sequence or volatile store");
        }
        return Goal.atMost(
                SEQUENCE_GOAL,
                Measure.ratio(sequenceNs, volatileNs),
                SEQUENCE_BAR,
                "Sequence over the plain field's volatile store, per fork (Sequence "
                        + Measure.of(sequenceNs, "ns/op").text() + ", field "
                        + Measure.of(volatileNs, "ns/op").text() + ")");
    }
}
