package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RemoteServersTest {
    @Test
    void aHostAloneMeansEachServersDefaultPortThere() {
        RemoteServers s = RemoteServers.of("10.0.0.2", null, null, null);
        assertThat(s.ping()).isEqualTo(new HostPort("10.0.0.2", 9000));
        assertThat(s.echo()).isEqualTo(new HostPort("10.0.0.2", 9001));
        assertThat(s.gateway()).hasToString("http://10.0.0.2:8080");
        assertThat(s.options())
                .isEqualTo(" --remote-ping 10.0.0.2:9000 --remote-echo 10.0.0.2:9001"
                        + " --remote-gateway http://10.0.0.2:8080");
    }

    @Test
    void eachServersOptionOverridesTheHost() {
        RemoteServers s = RemoteServers.of("a", "b:7000", "[fd00::2]", "http://c");
        assertThat(s.ping()).isEqualTo(new HostPort("b", 7000));
        assertThat(s.echo()).isEqualTo(new HostPort("fd00::2", 9001));
        assertThat(s.echo()).hasToString("[fd00::2]:9001");
        assertThat(s.gateway()).hasToString("http://c:8080");
        assertThat(RemoteServers.of(null, null, null, null)).isEqualTo(RemoteServers.NONE);
        assertThat(RemoteServers.NONE.options()).isEmpty();
    }

    @Test
    void badHostsAndPortsAreNamedInOneLine() {
        assertThatThrownBy(() -> HostPort.parse("--remote-ping", "h:0", 1))
                .hasMessage("--remote-ping 'h:0': the port 0 is not in 1..65535");
        assertThatThrownBy(() -> HostPort.parse("--remote-ping", ":9000", 1))
                .hasMessage("--remote-ping ':9000': expected a host name or address");
        assertThatThrownBy(() -> HostPort.parse("--remote-echo", "[::1", 1))
                .hasMessage("--remote-echo '[::1': an IPv6 address needs its closing ]");
        assertThatThrownBy(() -> HostPort.parse("--remote-echo", "::1", 1)).hasMessageContaining("in brackets");
        assertThatThrownBy(() -> RemoteServers.of("h:1", null, null, null)).hasMessageContaining("a host only");
        assertThatThrownBy(() -> RemoteServers.of(null, null, null, "http:///x"))
                .hasMessageStartingWith("--remote-gateway 'http:///x'");
    }
}
