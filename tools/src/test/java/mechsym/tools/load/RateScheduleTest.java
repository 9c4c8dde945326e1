package mechsym.tools.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateScheduleTest {
    @Test
    void aFixedRateSendsRateTimesDurationRequestsEvenlySpaced() {
        RateSchedule s = RateSchedule.fixed(1000, Duration.ofSeconds(2));
        assertThat(s.sends().count()).isEqualTo(2000);
        assertThat(s.sends().dueNanos(1)).isEqualTo(1_000_000);
        assertThat(s.total()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aRampSendsTheAreaUnderItsLine() {
        // 0 -> 1000/s over 2 s: 1000 requests
        RateSchedule s = RateSchedule.ramp(0, 1000, Duration.ofSeconds(2));
        assertThat(s.sends().count()).isEqualTo(1000);
        assertThat(s.sends().dueNanos(1)).isCloseTo(63_245_553L, within(1_000L)); // sqrt(2 T / r1): 63 ms
        assertThat(s.rateAt(1_000_000_000L)).isCloseTo(500, within(0.001));
    }

    @Test
    void stepsParseAndChainInOrder() {
        RateSchedule s = RateSchedule.parseSteps("100:1s, 200:500ms,50-150:2s");
        assertThat(s.steps()).hasSize(3);
        assertThat(s.total()).isEqualTo(Duration.ofMillis(3500));
        assertThat(s.rateAt(500_000_000L)).isEqualTo(100);
        assertThat(s.rateAt(1_200_000_000L)).isEqualTo(200);
        assertThat(s.rateAt(2_500_000_000L)).isCloseTo(100, within(0.001));
        assertThat(s.sends().count()).isEqualTo(100 + 100 + 200);
        assertThat(s.describe()).isEqualTo("100/s for 1.0s, then 200/s for 0.5s, then 50->150/s over 2.0s");
    }

    @Test
    void badSchedulesNameWhatIsWrong() {
        assertThatThrownBy(() -> RateSchedule.parseSteps("100")).hasMessageContaining("'100' is not RATE:DURATION");
        assertThatThrownBy(() -> RateSchedule.parseSteps("abc:1s")).hasMessageContaining("'abc' is not a rate");
        assertThatThrownBy(() -> RateSchedule.parseSteps("10:forever")).hasMessageContaining("not a duration");
        assertThatThrownBy(() -> RateSchedule.fixed(-1, Duration.ofSeconds(1))).hasMessageContaining("positive");
        assertThatThrownBy(() -> RateSchedule.fixed(10, Duration.ZERO)).hasMessageContaining("duration");
        assertThat(RateSchedule.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(RateSchedule.parseDuration("1.5")).isEqualTo(Duration.ofMillis(1500));
    }
}
