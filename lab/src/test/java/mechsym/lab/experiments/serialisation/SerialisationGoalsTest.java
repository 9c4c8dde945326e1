package mechsym.lab.experiments.serialisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import org.junit.jupiter.api.Test;

/** The codec's flyweight against the faster of Unsafe and Agrona in each round: both sides of the bar and across. */
class SerialisationGoalsTest {
    private static Map<String, Double> round(double flyweight) {
        return Map.of(
                SerialisationFigures.UNSAFE, 40.0,
                SerialisationFigures.AGRONA, 50.0,
                SerialisationGoals.CODEC_FLYWEIGHT, flyweight);
    }

    private static Goal goal(double... flyweightPerRound) {
        List<Map<String, Double>> rounds = java.util.Arrays.stream(flyweightPerRound)
                .mapToObj(SerialisationGoalsTest::round)
                .toList();
        return SerialisationGoals.judge(new SerialisationFigures(rounds, Map.of(), null))
                .getFirst();
    }

    @Test
    void theFlyweightAgainstTheFasterRivalOfEachRound() {
        Goal met = goal(24, 30, 36);
        assertThat(met.status()).isEqualTo(Status.MET);
        assertThat(met.measure().value()).isEqualTo(0.75);
        assertThat(met.figures()).contains("not like for like");
        assertThat(goal(43, 44, 45).status()).isEqualTo(Status.MISSED);
        assertThat(goal(36, 44).status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(goal(36).status()).isEqualTo(Status.NOT_MEASURABLE);
    }

    @Test
    void aRivalNotMeasuredLeavesTheGoalNotMeasurable() {
        Goal goal = SerialisationGoals.judge(new SerialisationFigures(
                        List.of(Map.of(SerialisationGoals.CODEC_FLYWEIGHT, 10.0)), Map.of(), null))
                .getFirst();
        assertThat(goal.status()).isEqualTo(Status.NOT_MEASURABLE);
    }
}
