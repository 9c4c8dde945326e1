package mechsym.tools.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The proxy's own failures: a database that is not there, and connections that come and go. */
@Timeout(30)
class RoundTripProxyTest {
    @Test
    void aClosedPortIsNamedWithConnectionRefused() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        assertThatThrownBy(() -> RoundTripProxy.start("127.0.0.1", closed, true))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("127.0.0.1:" + closed)
                .hasMessageContaining("connection refused");
    }

    @Test
    void closedConnectionsAreForgotten() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> echoEach(echo));
            try (RoundTripProxy proxy = RoundTripProxy.start("127.0.0.1", echo.getLocalPort(), false)) {
                for (int i = 0; i < 5; i++) {
                    try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                        client.getOutputStream().write(i);
                        assertThat(client.getInputStream().read()).isEqualTo(i);
                    }
                }
                while (proxy.openSockets() > 0) { // both sides of each closed connection; @Timeout bounds it
                    Thread.sleep(20);
                }
                assertThat(proxy.counts().roundTrips()).isEqualTo(5);
            }
        }
    }

    @Test
    void closeJoinsEveryThreadEvenWithAConnectionOpen() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> echoEach(echo));
            RoundTripProxy proxy = RoundTripProxy.start("127.0.0.1", echo.getLocalPort(), false);
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                client.getOutputStream().write(7);
                assertThat(client.getInputStream().read()).isEqualTo(7);
                proxy.close(); // the connection is still open: its pumps must end too
                assertThat(Thread.getAllStackTraces().keySet())
                        .noneMatch(t -> t.getName().startsWith("round-trip-proxy") && t.isAlive());
                assertThat(proxy.summary()).contains("1 round trips");
                proxy.close(); // twice: nothing more
            }
        }
    }

    private static void echoEach(ServerSocket server) {
        try {
            while (true) {
                Socket s = server.accept();
                Thread.ofPlatform().daemon().start(() -> {
                    try (s;
                            InputStream in = s.getInputStream();
                            OutputStream out = s.getOutputStream()) {
                        in.transferTo(out);
                    } catch (IOException e) {
                        // the client went away
                    }
                });
            }
        } catch (IOException closed) {
            // the test ended
        }
    }
}
