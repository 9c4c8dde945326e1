package mechsym.lab.remote;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import mechsym.tools.echo.EchoServer;
import mechsym.tools.echo.Pipeline;
import mechsym.tools.echo.WaitKind;
import mechsym.tools.ping.PingServer;
import mechsym.tools.ping.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RemoteProbeTest {
    /** Generous: a loaded test machine answers late; only the silent server's test waits it out. */
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private static final Duration SHORT = Duration.ofMillis(300);

    @Test
    void theRightServersPass() throws Exception {
        try (PingServer ping = PingServer.start("127.0.0.1", 0, Transport.BLOCKING, null, null);
                EchoServer echo = EchoServer.start("127.0.0.1", 0, Pipeline.THREADS, WaitKind.SLEEPING)) {
            assertThatCode(() -> RemoteProbe.ping(new HostPort("127.0.0.1", ping.port()), TIMEOUT))
                    .doesNotThrowAnyException();
            assertThatCode(() -> RemoteProbe.echo(new HostPort("127.0.0.1", echo.port()), TIMEOUT))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aTcpServerThatAnswersSomethingElseIsNotAPingServer() throws Exception {
        try (ServerSocket http = new ServerSocket(0)) {
            Thread.ofVirtual().start(() -> {
                try (Socket s = http.accept()) {
                    s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // the test ended
                }
            });
            assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("127.0.0.1", http.getLocalPort()), TIMEOUT))
                    .isInstanceOf(RemoteUnreachable.class)
                    .hasMessage("the ping server at 127.0.0.1:" + http.getLocalPort()
                            + " answered 28 byte(s) that are not the 32 it was sent: not a mechsym ping server (TCP)");
        }
    }

    @Test
    void aServerThatSaysNothingTimesOutAndNoServerIsRefused() throws Exception {
        int port;
        try (ServerSocket silent = new ServerSocket(0)) {
            port = silent.getLocalPort();
            assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("127.0.0.1", port), SHORT))
                    .hasMessageContaining(": no answer in 300 ms");
        }
        assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("127.0.0.1", port), TIMEOUT))
                .hasMessage("the ping server at 127.0.0.1:" + port
                        + ": refused (is the server started there, on that port and address?)");
    }

    @Test
    void aUdpPingServerIsNotAnEchoServer() throws Exception {
        try (PingServer udp = PingServer.start("127.0.0.1", 0, Transport.UDP, null, null)) {
            assertThatThrownBy(() -> RemoteProbe.echo(new HostPort("127.0.0.1", udp.port()), TIMEOUT))
                    .hasMessageEndingWith(
                            "answered something other than the datagram upper-cased: not a mechsym" + " echo server");
        }
    }

    @Test
    void anHttpServerWithoutStatsIsNotAGateway() throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        http.start();
        try {
            URI base = URI.create("http://127.0.0.1:" + http.getAddress().getPort());
            assertThatThrownBy(() -> RemoteProbe.gateway(base, TIMEOUT))
                    .hasMessage("the gateway at " + base
                            + " answered GET /stats with 404 and no queue figures: not a mechsym gateway");
        } finally {
            http.stop(0);
        }
    }

    @Test
    void anUnknownHostIsNamed() {
        assertThatThrownBy(() -> RemoteProbe.ping(new HostPort("no-such-host.invalid", 9000), TIMEOUT))
                .hasMessage("the ping server at no-such-host.invalid:9000: unknown host 'no-such-host.invalid'");
    }
}
