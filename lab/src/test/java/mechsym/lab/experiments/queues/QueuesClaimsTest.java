package mechsym.lab.experiments.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The post's release-against-volatile publication as the verdict, on both sides of each line and across. */
class QueuesClaimsTest {
    private static final List<Double> VOLATILE = List.of(10.0, 10.0, 10.0);

    @Test
    void releaseIndicesFasterInEveryRoundByFiveTimesReproduce() {
        var v = QueuesClaims.judge(List.of(50.0, 55.0, 60.0), VOLATILE);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims().getFirst().measure().value()).isEqualTo(5.5);
    }

    @Test
    void fasterButBelowThePostsSizeIsPartly() {
        var v = QueuesClaims.judge(List.of(11.0, 12.0, 40.0), VOLATILE);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(c -> c.outcome()).containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void slowerInEveryRoundIsNotReproducedAndAcrossIsUndecided() {
        assertThat(QueuesClaims.judge(List.of(8.0, 9.0, 9.5), VOLATILE).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        var across = QueuesClaims.judge(List.of(9.0, 12.0, 11.0), VOLATILE);
        assertThat(across.claims().getFirst().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void noIndexedPairIsInconclusive() {
        assertThat(QueuesClaims.judge(List.of(), VOLATILE).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
