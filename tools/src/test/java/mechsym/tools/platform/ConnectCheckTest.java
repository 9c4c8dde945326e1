package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class ConnectCheckTest {
    private static final Duration SHORT = Duration.ofMillis(500);

    @Test
    void hostAndPortAreReadFromTheUrlsTheLabTakes() {
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:postgresql://db.example:6543/x?user=u"))
                .isEqualTo(new ConnectCheck.Endpoint("db.example", 6543));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:postgresql://a,b:7/x")).isEqualTo(new ConnectCheck.Endpoint("a", 5432));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:postgresql://[fd00::2]:5433/x"))
                .isEqualTo(new ConnectCheck.Endpoint("fd00::2", 5433));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:postgresql:x")).isEqualTo(new ConnectCheck.Endpoint("localhost", 5432));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:oracle:thin:u/p@s@//ora:1522/svc"))
                .isEqualTo(new ConnectCheck.Endpoint("ora", 1522));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:oracle:thin:@ora:1523:SID"))
                .isEqualTo(new ConnectCheck.Endpoint("ora", 1523));
        assertThat(ConnectCheck.ofJdbcUrl("jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(HOST=x)))"))
                .isNull();
        assertThat(ConnectCheck.ofBrokerUrl("tcp://mq:61617?ha=false"))
                .isEqualTo(new ConnectCheck.Endpoint("mq", 61617));
        assertThat(ConnectCheck.ofBrokerUrl("tcp://mq")).isEqualTo(new ConnectCheck.Endpoint("mq", 61616));
        assertThat(ConnectCheck.ofBrokerUrl("vm://0")).isNull();
        assertThat(ConnectCheck.ofBrokerUrl("tcp://mq:99999")).isNull();
    }

    @Test
    void aServerThatIsThereIsReachedAndNoServerIsRefused() throws Exception {
        int port;
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
            ConnectCheck.check("--jdbc-url", new ConnectCheck.Endpoint("127.0.0.1", port), SHORT);
        }
        assertThatThrownBy(() -> ConnectCheck.check("--jdbc-url", new ConnectCheck.Endpoint("127.0.0.1", port), SHORT))
                .hasMessage("--jdbc-url: the server at 127.0.0.1:" + port
                        + ": refused (nothing listens on that port there)");
    }

    /**
     * A listener whose accept queue is full drops further SYNs, as a host behind a firewall that drops
     * packets does: the connection times out, and says so rather than "refused".
     */
    @Test
    void aServerThatDropsPacketsTimesOutAndSaysSo() throws Exception {
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), full.getLocalPort());
            for (int i = 0; i < 8; i++) {
                Socket s = new Socket();
                queued.add(s);
                try {
                    s.connect(address, 200);
                } catch (java.io.IOException e) {
                    break; // the queue is full: SYNs are dropped from here on
                }
            }
            assertThatThrownBy(() -> ConnectCheck.check(
                            "--broker-url", new ConnectCheck.Endpoint("127.0.0.1", full.getLocalPort()), SHORT))
                    .hasMessage("--broker-url: the server at 127.0.0.1:" + full.getLocalPort()
                            + ": timed out after 500 ms connecting (no answer at all: the wrong address, or a firewall"
                            + " dropping packets)");
        } finally {
            for (Socket s : queued) {
                s.close();
            }
        }
    }

    @Test
    void anUnknownHostIsNamed() {
        assertThatThrownBy(() -> ConnectCheck.check(
                        "--jdbc-url", new ConnectCheck.Endpoint("no-such-host.invalid", 5432), SHORT))
                .hasMessage("--jdbc-url: the server at no-such-host.invalid:5432: unknown host 'no-such-host.invalid'");
    }
}
