package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Summary;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.queues.QueuesVerdict.Pair;
import org.junit.jupiter.api.Test;

/** mechsym's goal pair by pair; the post's 5-6x stated in the reason. */
class QueuesVerdictTest {
    private static Pair pair(String ours, double... ratios) {
        return new Pair(ours, "theirs-" + ours, Summary.of(ratios));
    }

    @Test
    void everyPairAtLeastEqualReproducesAndSaysWhetherThePostsSizeWasMet() {
        var v = QueuesVerdict.judge(2, List.of(pair("a", 1.0, 0.98, 1.02), pair("b", 0.96, 1.0, 1.1)), 1.2);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1.2x the volatile ones").contains("below the post's size");
        assertThat(QueuesVerdict.judge(1, List.of(pair("a", 1.0, 1.0)), 5.5).reason())
                .contains("at the post's size");
    }

    @Test
    void somePairsBelowAreDownToPartlyAndAllBelowToNot() {
        assertThat(QueuesVerdict.judge(2, List.of(pair("a", 1.0, 1.0), pair("b", 0.9, 0.9)), null)
                        .outcome())
                .isEqualTo(Outcome.PARTLY);
        assertThat(QueuesVerdict.judge(2, List.of(pair("a", 0.9, 0.9), pair("b", 0.9, 0.9)), null)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingPairsOneRoundOrAWideSpreadAreInconclusive() {
        assertThat(QueuesVerdict.judge(2, List.of(pair("a", 1.0, 1.0)), null).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(QueuesVerdict.judge(1, List.of(pair("a", 1.0)), null).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(QueuesVerdict.judge(1, List.of(pair("a", 0.6, 1.2)), null).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(QueuesVerdict.judge(1, List.of(new Pair("a", "b", null)), null)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
