package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import mechsym.lab.experiments.backpressure.BackPressureGoals.Round;
import org.junit.jupiter.api.Test;

class BackPressureGoalsTest {
    /** Rounds with these read-to-write p99s (ms), the gateway at 20,000/s and the JDK at 10,000/s. */
    private static List<Round> readToWrite(double... p99) {
        return java.util.Arrays.stream(p99)
                .mapToObj(v -> new Round(20_000, 10_000, 10_000, v, 5, 6))
                .toList();
    }

    /** Rounds with these gateway and JDK capacities (pairs), p99 0.5 ms. */
    private static List<Round> capacities(double... pairs) {
        List<Round> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            rounds.add(new Round(pairs[i], pairs[i + 1], pairs[i] / 2, 0.5, 5, 6));
        }
        return rounds;
    }

    @Test
    void overheadIsMetWhenEveryRoundIsUnderOneMillisecondAndMissedWhenEveryOneIsOver() {
        Goal met = BackPressureGoals.overhead(readToWrite(0.4, 0.6, 1.0));
        assertThat(met.status()).isEqualTo(Status.MET);
        assertThat(met.measure().n()).isEqualTo(3);
        assertThat(met.figures()).contains("at 10000/s", "5.00 ms for the gateway", "6.00 ms for the plain JDK");
        assertThat(BackPressureGoals.overhead(readToWrite(1.01, 1.4, 3)).status())
                .isEqualTo(Status.MISSED);
        assertThat(BackPressureGoals.sentence(BackPressureGoals.overhead(readToWrite(1.01, 1.4, 3))))
                .contains(": missed (");
    }

    @Test
    void overheadAcrossTheBarOrFromOneRoundIsUndecided() {
        assertThat(BackPressureGoals.overhead(readToWrite(0.8, 0.9, 1.2)).status())
                .isEqualTo(Status.NOT_MEASURABLE);
        assertThat(BackPressureGoals.overhead(readToWrite(0.5)).status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(BackPressureGoals.overhead(readToWrite(Double.NaN, Double.NaN))
                        .figures())
                .contains("no read-to-write p99");
    }

    @Test
    void capacityIsJudgedOnThePerRoundRatioAgainstOne() {
        assertThat(BackPressureGoals.capacity(capacities(12_000, 10_000, 10_000, 10_000, 20_000, 15_000))
                        .status())
                .isEqualTo(Status.MET);
        assertThat(BackPressureGoals.capacity(capacities(9_000, 10_000, 9_900, 10_000, 5_000, 10_000))
                        .status())
                .isEqualTo(Status.MISSED);
        Goal across = BackPressureGoals.capacity(capacities(9_000, 10_000, 11_000, 10_000, 12_000, 10_000));
        assertThat(across.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(across.measure().unit()).isEqualTo("x");
        // a round in which a server answered nothing is left out
        assertThat(BackPressureGoals.capacity(capacities(0, 10_000)).status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(BackPressureGoals.status(BackPressureGoals.capacity(capacities(0, 10_000))))
                .isEqualTo("not measurable");
    }
}
