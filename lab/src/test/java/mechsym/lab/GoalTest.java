package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Goals judged on per-round ratios, on both sides of the spread line, and the tally. */
class GoalTest {
    private static final String NEEDS = "Needs: two free cores.";

    @Test
    void roundsThatAgreeAreJudgedEitherWay() {
        Summary agreeing = Summary.of(1.0, 1.2, 1.5);
        assertThat(Goal.judgeRounds("g", agreeing, true, "f", NEEDS).status()).isEqualTo(Goal.Status.MET);
        assertThat(Goal.judgeRounds("g", agreeing, false, "f", NEEDS).status()).isEqualTo(Goal.Status.MISSED);
    }

    @Test
    void roundsSpreadWiderThanTheLineOrOneRoundAreNotMeasurable() {
        Goal wide = Goal.judgeRounds("g", Summary.of(1.0, 1.51), true, "f", NEEDS);
        assertThat(wide.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(wide.figures()).startsWith("f: the rounds varied by 1.5x").endsWith(NEEDS);
        assertThat(Goal.judgeRounds("g", Summary.of(1.0), true, "f", NEEDS).status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(Goal.judgeRounds("g", Summary.of(0.0, 1.0), true, "f", NEEDS).status())
                .as("a zero round has no spread to trust")
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }

    @Test
    void theTallyCountsTheUnmeasurableApart() {
        assertThat(Goal.tally(List.of())).isEqualTo("none");
        assertThat(Goal.tally(
                        List.of(Goal.judge("a", true, ""), Goal.judge("b", false, ""), Goal.notMeasurable("c", ""))))
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
