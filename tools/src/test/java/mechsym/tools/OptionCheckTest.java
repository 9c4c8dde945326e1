package mechsym.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import mechsym.tools.gateway.GatewayConfig;
import org.junit.jupiter.api.Test;

class OptionCheckTest {
    @Test
    void valuesInRangeComeBack() {
        assertThat(OptionCheck.inRange("--size", 1L, 1, 10, "bytes")).isEqualTo(1);
        assertThat(OptionCheck.inRange("--size", 10L, 1, 10, "bytes")).isEqualTo(10);
        assertThat(OptionCheck.inRange("--threads", 256, 1, 256)).isEqualTo(256);
        assertThat(OptionCheck.inRange("--txn-time", 0.5, 0, 1, "us")).isEqualTo(0.5);
        assertThat(OptionCheck.atLeast("--count", 1, 1, "")).isEqualTo(1);
        assertThat(OptionCheck.port("--port", 0, true)).isZero();
        assertThat(OptionCheck.rate("--rate", 0)).isZero();
        assertThat(OptionCheck.rate("--rate", 1e9)).isEqualTo(1e9);
    }

    @Test
    void eachFailureIsOneLineNamingOptionRangeAndValue() {
        assertThatThrownBy(() -> OptionCheck.inRange("--size", 70_000L, 1, 65_507, "bytes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--size must be 1..65507 bytes, not 70000");
        assertThatThrownBy(() -> OptionCheck.inRange("--threads", 0, 1, 1024))
                .hasMessage("--threads must be 1..1024, not 0");
        assertThatThrownBy(() -> OptionCheck.inRange("--txn-time", -1.5, 0, 10_000_000, "us"))
                .hasMessage("--txn-time must be 0..10000000 us, not -1.5");
        assertThatThrownBy(() -> OptionCheck.inRange("--txn-time", Double.NaN, 0, 1, "us"))
                .hasMessage("--txn-time must be 0..1 us, not NaN");
        assertThatThrownBy(() -> OptionCheck.atLeast("--timeout", 0, 1, "ms"))
                .hasMessage("--timeout must be at least 1 ms, not 0");
        assertThatThrownBy(() -> OptionCheck.port("--port", 0, false)).hasMessage("--port must be 1..65535, not 0");
        assertThatThrownBy(() -> OptionCheck.port("--port", 65_536, true))
                .hasMessage("--port must be 0..65535, not 65536");
        assertThatThrownBy(() -> OptionCheck.rate("--rate", -1))
                .hasMessage("--rate must be 0 (closed loop) or up to 1e9 per second, not -1.0");
        assertThatThrownBy(() -> OptionCheck.rate("--rate", Double.NaN))
                .hasMessage("--rate must be 0 (closed loop) or up to 1e9 per second, not NaN");
    }

    @Test
    void gatewayConfigNamesTheFirstBadOption() {
        GatewayConfig ok = GatewayConfig.defaults();
        assertThat(ok.validate()).isSameAs(ok);
        assertThatThrownBy(() -> ok.withThreads(0, 1).validate()).hasMessage("--threads must be 1..256, not 0");
        assertThatThrownBy(() -> ok.withLimits(100, 0, 1).validate())
                .hasMessage("--max-header-bytes must be 256..1048576, not 100");
        assertThatThrownBy(() -> ok.withLimits(8192, 0, 0).validate())
                .hasMessage("--max-connections must be at least 1, not 0");
        assertThatThrownBy(() -> ok.withTimeouts(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1))
                        .validate())
                .hasMessage("timeouts must be positive");
    }

    @Test
    void gatewayConfigCopiesChangeOnlyWhatTheyName() {
        GatewayConfig base = GatewayConfig.defaults();
        GatewayConfig changed = base.withAddress("0.0.0.0", 8080)
                .withThreads(3, 4)
                .withLimits(1024, 10, 5)
                .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3))
                .withStatsEverySecond(true);
        assertThat(changed)
                .isEqualTo(new GatewayConfig(
                        "0.0.0.0",
                        8080,
                        3,
                        base.sizing(),
                        base.policy(),
                        base.transactionMicros(),
                        4,
                        base.work(),
                        base.alertFraction(),
                        1024,
                        10,
                        5,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(3),
                        true));
    }
}
