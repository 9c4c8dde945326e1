package mechsym.lab.experiments.cachefallacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import org.junit.jupiter.api.Test;

/** core's Sequence setVolatile within 10% of a plain field's volatile store, per fork: both sides and across. */
class CacheFallacyGoalsTest {
    private static final List<Double> FIELD = List.of(5.0, 5.0, 5.0, 5.0, 5.0);

    @Test
    void asCheapAsTheFieldMeetsIt() {
        Goal g = CacheFallacyGoals.sequenceVolatile(List.of(5.0, 5.1, 5.2, 4.9, 5.4), FIELD);
        assertThat(g.status()).isEqualTo(Goal.Status.MET);
        assertThat(g.measure().line()).isEqualTo(CacheFallacyGoals.SEQUENCE_BAR);
    }

    @Test
    void dearerInEveryForkMissesIt() {
        assertThat(CacheFallacyGoals.sequenceVolatile(List.of(5.6, 5.8, 6.0, 5.7, 5.9), FIELD)
                        .status())
                .isEqualTo(Goal.Status.MISSED);
    }

    @Test
    void forksAcrossTheBarOrMissingLeaveItUndecided() {
        assertThat(CacheFallacyGoals.sequenceVolatile(List.of(5.0, 5.8, 5.5, 5.2, 6.0), FIELD)
                        .status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(CacheFallacyGoals.sequenceVolatile(List.of(), FIELD).status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
