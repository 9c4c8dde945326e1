package mechsym.tools.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PacerTest {
    @Test
    void fixedRateReturnsTheScheduleEvenWhenTheSenderIsLate() throws InterruptedException {
        Pacer pacer = Pacer.fixedRate(1000); // one per ms
        long first = pacer.awaitNext();
        Thread.sleep(20); // a stall: the next intended times are in the past
        long late = System.nanoTime();
        long second = pacer.awaitNext();
        long third = pacer.awaitNext();
        assertThat(second - first).isEqualTo(1_000_000L);
        assertThat(third - second).isEqualTo(1_000_000L);
        // the intended time, not the late one: the stall counts against the request (no omission)
        assertThat(second).isLessThan(late);
        assertThat(pacer.mode()).isEqualTo(LoadMode.FIXED_RATE);
    }

    @Test
    void closedLoopIsNow() {
        Pacer pacer = Pacer.of(0);
        long before = System.nanoTime();
        assertThat(pacer.awaitNext()).isBetween(before, System.nanoTime());
        assertThat(pacer.mode()).isEqualTo(LoadMode.CLOSED_LOOP);
        assertThatThrownBy(() -> Pacer.fixedRate(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void jsonCarriesTheFieldsAndTheSummary() {
        LatencyRecorder recorder = new LatencyRecorder(LoadMode.CLOSED_LOOP);
        recorder.record(12_000);
        String json = LatencyJson.of(Map.of("transport", "spin"), recorder.total());
        assertThat(json)
                .startsWith("{\"transport\":\"spin\",\"latency\":{")
                .contains("\"count\":1", "\"mode\":\"closed-loop\"");
    }
}
