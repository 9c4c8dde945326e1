package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Goals judged through a measure's interval on both sides of the bar and across it, and the tally. */
class GoalTest {
    private static final Measure FACT = Measure.exact(1, "fact", 2);

    @Test
    void theTallyCountsTheUnmeasurableApart() {
        assertThat(Goal.tally(List.of())).isEqualTo("none");
        assertThat(Goal.tally(List.of(
                        Goal.judge("a", true, FACT, ""),
                        Goal.judge("b", false, FACT, ""),
                        Goal.notMeasurable("c", ""))))
                .isEqualTo("1 of 2 met, 1 not measurable");
        assertThat(Goal.tally(List.of(Goal.notMeasurable("a", ""), Goal.notMeasurable("b", ""))))
                .as("no goal judged: no '0 of 0 met'")
                .isEqualTo("2 not measurable");
    }

    @Test
    void aGoalIsMetOrMissedOnlyWhenItsIntervalIsWhollyOnOneSideOfTheBar() {
        Measure ratio = Measure.of(List.of(0.9, 1.0, 1.1, 1.0, 0.95, 1.05), "x"); // 0.9 .. 1.1
        assertThat(Goal.atMost("g", ratio, 1.2, "f").status()).isEqualTo(Goal.Status.MET);
        assertThat(Goal.atMost("g", ratio, 0.8, "f").status()).isEqualTo(Goal.Status.MISSED);
        Goal straddles = Goal.atMost("g", ratio, 1.0, "f");
        assertThat(straddles.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(straddles.figures()).contains("95% CI 0.90–1.10x", "the line 1.00x", "undecided");
        assertThat(Goal.atLeast("g", ratio, 0.8, "f").status()).isEqualTo(Goal.Status.MET);
        assertThat(Goal.atLeast("g", ratio, 1.2, "f").status()).isEqualTo(Goal.Status.MISSED);
        assertThat(Goal.atLeast("g", Measure.of(List.of(2.0), "x"), 1, "f").status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(Goal.atMost("g", ratio, 1.2, "f").measure().line()).isEqualTo(1.2);
    }
}
