package mechsym.tools.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SendScheduleTest {
    @Test
    void aFixedRateIsEvenlySpacedFromZero() {
        SendSchedule s = SendSchedule.fixedRate(1000, Duration.ofSeconds(2));
        assertThat(s.count()).isEqualTo(2000);
        assertThat(s.dueNanos(0)).isZero();
        assertThat(s.dueNanos(1)).isEqualTo(1_000_000);
        assertThat(s.dueNanos(1999)).isEqualTo(1_999_000_000L);
        assertThat(s.totalNanos()).isEqualTo(2_000_000_000L);
        assertThatThrownBy(() -> s.dueNanos(2000)).hasMessage("request 2000 is not in a schedule of 2000");
    }

    @Test
    void aFixedRateWithoutEndNeverRunsOutAndDoesNotAccumulateRounding() {
        SendSchedule s = SendSchedule.fixedRate(3); // 333,333,333.3 ns apart
        assertThat(s.count()).isEqualTo(Long.MAX_VALUE);
        assertThat(s.dueNanos(3)).isEqualTo(1_000_000_000L);
        assertThat(s.dueNanos(3_000_000)).isEqualTo(1_000_000_000_000_000L);
    }

    @Test
    void aRampSendsTheAreaUnderItsLineStartingSlowly() {
        // 0 -> 1000/s over 2 s: 1000 requests; request k due where 250 t² = k
        SendSchedule s = SendSchedule.ramp(0, 1000, Duration.ofSeconds(2));
        assertThat(s.count()).isEqualTo(1000);
        assertThat(s.dueNanos(0)).isZero();
        assertThat(s.dueNanos(1)).isCloseTo(63_245_553L, within(1_000L)); // sqrt(1 / 250) s
        assertThat(s.dueNanos(999)).isLessThan(2_000_000_000L);
        assertThat(s.rateAt(1_000_000_000L)).isCloseTo(500, within(0.001));
    }

    @Test
    void aRampLikeGatlingsDuesItsRequestsWhereTheArrivalsReachThem() {
        // 10 -> 30/s over 2 s: 40 requests; arrivals(t) = 10 t + 5 t²
        SendSchedule s = SendSchedule.ramp(10, 30, Duration.ofSeconds(2));
        assertThat(s.count()).isEqualTo(40);
        assertThat(s.dueNanos(15)).isEqualTo(1_000_000_000L);
    }

    @Test
    void stepsFollowOneAnotherAndDueTimesOnlyGrow() {
        SendSchedule s = SendSchedule.of(List.of(
                new SendSchedule.Step(100, 100, Duration.ofSeconds(1)),
                new SendSchedule.Step(200, 200, Duration.ofMillis(500)),
                new SendSchedule.Step(50, 150, Duration.ofSeconds(2))));
        assertThat(s.count()).isEqualTo(100 + 100 + 200);
        assertThat(s.dueNanos(100)).isEqualTo(1_000_000_000L); // the first of the second step
        assertThat(s.dueNanos(150)).isEqualTo(1_250_000_000L);
        assertThat(s.totalNanos()).isEqualTo(3_500_000_000L);
        for (long k = 1; k < s.count(); k++) {
            assertThat(s.dueNanos(k)).isGreaterThan(s.dueNanos(k - 1)).isLessThan(s.totalNanos());
        }
    }

    @Test
    void aFractionalAreaCountsTheRequestsDueBeforeTheEnd() {
        SendSchedule s = SendSchedule.fixedRate(10.5, Duration.ofSeconds(1)); // due at 0, 1/10.5 .. 10/10.5 s
        assertThat(s.count()).isEqualTo(11);
    }

    @Test
    void ratesAreBoundedAndNamed() {
        assertThatThrownBy(() -> SendSchedule.fixedRate(1e12, Duration.ofSeconds(1)))
                .hasMessage("a rate must be at most 1e9 per second (one request a nanosecond), was 1000000000000");
        assertThatThrownBy(() -> SendSchedule.fixedRate(0))
                .hasMessage("a rate must be positive (requests per second), was 0");
        assertThatThrownBy(() -> SendSchedule.ramp(Double.NaN, 1, Duration.ofSeconds(1)))
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> SendSchedule.of(List.of())).hasMessage("a schedule needs at least one step");
    }
}
