package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Summary;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.queues.QueuesVerdict.Pair;
import org.junit.jupiter.api.Test;

/** The post's release-against-volatile publication as the verdict; mechsym's pairs as goals. */
class QueuesVerdictTest {
    private static Pair pair(double... ratios) {
        return new Pair("ours", "theirs", Summary.of(ratios));
    }

    @Test
    void releaseIndicesFasterInEveryRoundByFiveTimesReproduce() {
        var v = QueuesVerdict.judge(Summary.of(5.0, 5.5, 6.0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("median 5.50x").doesNotContain("goal");
    }

    @Test
    void fasterButBelowThePostsSizeIsPartly() {
        var v = QueuesVerdict.judge(Summary.of(1.01, 1.2, 4.99));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(c -> c.outcome()).containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void aRoundWhereReleaseWasNotFasterFailsThatSubClaim() {
        assertThat(QueuesVerdict.judge(Summary.of(1.0, 1.2)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noIndexedPairIsInconclusive() {
        assertThat(QueuesVerdict.judge(null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void aPairGoalIsMetFromNinetyFivePercent() {
        assertThat(QueuesVerdict.pairGoal(pair(0.95, 0.96, 1.0)).status()).isEqualTo(Goal.Status.MET);
        assertThat(QueuesVerdict.pairGoal(pair(0.94, 0.94, 1.0)).status()).isEqualTo(Goal.Status.MISSED);
    }

    @Test
    void oneRoundAWideSpreadOrAMissingSideIsNotMeasurable() {
        assertThat(QueuesVerdict.pairGoal(pair(1.0)).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        var wide = QueuesVerdict.pairGoal(pair(0.6, 1.2));
        assertThat(wide.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(wide.figures()).contains("two free cores");
        assertThat(QueuesVerdict.pairGoal(pair(0.8, 1.2)).status()).isEqualTo(Goal.Status.MET);
        assertThat(QueuesVerdict.pairGoal(new Pair("a", "b", null)).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void theSameThreadGoalComparesWithTheFastestPeer() {
        assertThat(QueuesVerdict.sameThreadGoal(
                                Map.of("mechsym-spsc", 2.0, "jctools-spsc", 3.0, "agrona-one-to-one", 2.0))
                        .status())
                .isEqualTo(Goal.Status.MET);
        var missed = QueuesVerdict.sameThreadGoal(
                Map.of("mechsym-spsc", 2.1, "jctools-spsc", 3.0, "agrona-one-to-one", 2.0));
        assertThat(missed.status()).isEqualTo(Goal.Status.MISSED);
        assertThat(missed.figures()).contains("agrona-one-to-one 2.00");
        assertThat(QueuesVerdict.sameThreadGoal(Map.of("jctools-spsc", 3.0)).status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
