package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpeedGoalsTest {
    @Test
    void overheadIsMetBelowOneMillisecondAndMissedAbove() {
        assertThat(SpeedGoals.overhead(0.8, 20_000).status()).isEqualTo("met");
        assertThat(SpeedGoals.overhead(1.2, 20_000).status()).isEqualTo("missed");
        assertThat(SpeedGoals.overhead(0.8, 20_000).sentence()).contains("p99 0.800 ms at 10000/s (half of 20000/s)");
        assertThat(SpeedGoals.overhead(Double.NaN, 20_000).status()).isEqualTo("inconclusive");
    }

    @Test
    void capacityIsMetAtOrAboveThePlainJdkServer() {
        assertThat(SpeedGoals.capacity(12_000, 10_000).status()).isEqualTo("met");
        assertThat(SpeedGoals.capacity(9_000, 10_000).status()).isEqualTo("missed");
        assertThat(SpeedGoals.capacity(9_000, 10_000).sentence()).contains("x0.90");
        assertThat(SpeedGoals.capacity(0, 10_000).status()).isEqualTo("inconclusive");
    }
}
