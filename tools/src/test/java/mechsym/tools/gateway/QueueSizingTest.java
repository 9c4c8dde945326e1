package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QueueSizingTest {
    @Test
    void littlesLawGivesTheSeedsQueueLength() {
        // 100 ms / (500 us / 4 threads) = 800 transactions
        QueueSizing s = QueueSizing.fromMaxLatency(100, 500, 4);
        assertThat(s.length()).isEqualTo(800);
        assertThat(s.maxLatencyMicros()).isEqualTo(100_000.0);
        assertThat(s.formula()).contains("100.000 ms", "500.0 us", "/ 4", "= 800");
    }

    @Test
    void aGivenLengthStatesTheLatencyItAllows() {
        QueueSizing s = QueueSizing.ofLength(40, 1_000, 2);
        assertThat(s.maxLatencyMicros()).isEqualTo(20_000.0);
        assertThat(s.formula()).contains("20.000 ms");
    }

    @Test
    void badInputsNameTheOption() {
        assertThatThrownBy(() -> QueueSizing.fromMaxLatency(0, 500, 1)).hasMessageContaining("--max-latency");
        assertThatThrownBy(() -> QueueSizing.fromMaxLatency(10, 0, 1))
                .hasMessageContaining("needs the transaction time: give --txn-time US too");
        assertThatThrownBy(() -> QueueSizing.fromMaxLatency(10, -5, 1))
                .hasMessageContaining("--txn-time must be positive");
        assertThatThrownBy(() -> QueueSizing.fromMaxLatency(1e9, 1, 64)).hasMessageContaining("above the limit");
        assertThatThrownBy(() -> QueueSizing.ofLength(0, 1, 1)).hasMessageContaining("--queue");
    }

    @Test
    void integerOptionsAreReportedAsIntegers() {
        assertThatThrownBy(() -> QueueSizing.ofLength(10, 1, 0))
                .hasMessage("--service-threads must be positive, not 0");
        assertThatThrownBy(() -> QueueSizing.ofLength(-3, 1, 1)).hasMessage("--queue must be positive, not -3");
        assertThatThrownBy(() -> QueueSizing.fromMaxLatency(-0.5, 1, 1))
                .hasMessage("--max-latency must be positive, not -0.5");
    }
}
