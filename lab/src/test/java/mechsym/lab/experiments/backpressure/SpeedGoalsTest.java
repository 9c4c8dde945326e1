package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Goal.Status;
import org.junit.jupiter.api.Test;

class SpeedGoalsTest {
    @Test
    void overheadIsMetBelowOneMillisecondAndMissedAbove() {
        assertThat(SpeedGoals.overhead(0.8, 20_000).status()).isEqualTo(Status.MET);
        assertThat(SpeedGoals.overhead(1.2, 20_000).status()).isEqualTo(Status.MISSED);
        assertThat(SpeedGoals.overhead(0.8, 20_000).figures()).contains("p99 0.800 ms at 10000/s (half of 20000/s)");
        assertThat(SpeedGoals.overhead(Double.NaN, 20_000).status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(SpeedGoals.sentence(SpeedGoals.overhead(1.2, 20_000))).contains(": missed (p99 1.200 ms");
    }

    @Test
    void capacityIsMetAtOrAboveThePlainJdkServer() {
        assertThat(SpeedGoals.capacity(12_000, 10_000).status()).isEqualTo(Status.MET);
        assertThat(SpeedGoals.capacity(9_000, 10_000).status()).isEqualTo(Status.MISSED);
        assertThat(SpeedGoals.capacity(9_000, 10_000).figures()).contains("x0.90");
        assertThat(SpeedGoals.capacity(0, 10_000).status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(SpeedGoals.status(SpeedGoals.capacity(0, 10_000))).isEqualTo("not measurable");
    }
}
