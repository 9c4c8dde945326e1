package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import org.junit.jupiter.api.Test;

/** core's Sequence within 10% of getAndAdd on the post's cell, per round: both sides and across. */
class CasGoalsTest {
    private static final List<Double> CELL = List.of(5.0, 5.0, 5.0);

    @Test
    void aSequenceAsCheapAsTheCellMeetsIt() {
        Goal g = CasGoals.sequence(List.of(5.0, 5.2, 5.4), CELL);
        assertThat(g.status()).isEqualTo(Goal.Status.MET);
        assertThat(g.measure().line()).isEqualTo(CasGoals.SEQUENCE_BAR);
    }

    @Test
    void aSequenceDearerInEveryRoundMissesIt() {
        assertThat(CasGoals.sequence(List.of(5.6, 6.0, 5.8), CELL).status()).isEqualTo(Goal.Status.MISSED);
    }

    @Test
    void roundsAcrossTheBarOrMissingLeaveItUndecided() {
        assertThat(CasGoals.sequence(List.of(5.0, 6.0, 5.5), CELL).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(CasGoals.sequence(List.of(), CELL).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
