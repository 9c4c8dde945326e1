package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Summary;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The post's release-against-volatile publication as the verdict, on both sides of each line. */
class QueuesVerdictTest {
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
}
