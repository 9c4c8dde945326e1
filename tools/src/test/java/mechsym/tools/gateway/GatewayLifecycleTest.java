package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Starting, stopping and the threads that die: what is released, answered and reported. */
@Timeout(30)
class GatewayLifecycleTest {
    private GatewayServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static GatewayConfig config(int gatewayThreads) {
        return GatewayConfig.defaults()
                .withThreads(gatewayThreads, 1)
                .withService(QueueSizing.ofLength(16, 0, 1), QueuePolicy.REJECT, 0, WorkKind.SPIN)
                .withTimeouts(Duration.ofMillis(400), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    private static List<String> gatewayThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(n -> n.startsWith("mechsym-gateway") || n.startsWith("mechsym-service"))
                .toList();
    }

    /** Work that throws {@code error} on a body of "die", else answers "ok". */
    private static GatewayServer.Parts dyingOn(Error error) {
        return new GatewayServer.Parts(
                _ -> body -> {
                    if (new String(body, StandardCharsets.US_ASCII).equals("die")) {
                        throw error;
                    }
                    return "ok\n".getBytes(StandardCharsets.US_ASCII);
                },
                _ -> {},
                BufferBudget.quarterOfTheHeap());
    }

    private static String post(int port, String body) throws IOException {
        return RawHttp.exchange(
                port, "POST / HTTP/1.1\r\nConnection: close\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
    }

    @Test
    void closeJoinsEveryThreadItStarted() throws Exception {
        server = GatewayServer.start(config(3), null, null);
        assertThat(post(server.port(), "x")).startsWith("HTTP/1.1 200 ");
        assertThat(server.address()).isEqualTo("http://127.0.0.1:" + server.port() + "/");
        server.close();
        assertThat(gatewayThreadsAlive()).isEmpty();
        assertThat(server.summary()).contains("accepted 1", "answered 1");
        server.close(); // twice: nothing more
    }

    @Test
    void aServiceThreadKilledByAnErrorIsAnswered503AndReported() throws Exception {
        server = GatewayServer.start(config(1), null, null, dyingOn(new AssertionError("work broke")));
        int port = server.port();
        // the request the dead thread held is answered after the request timeout, not never
        assertThat(post(port, "die")).startsWith("HTTP/1.1 503 ").contains("service thread died");
        // and its queue admits no more
        assertThat(post(port, "x")).startsWith("HTTP/1.1 503 ").contains("input queue is full");
        Map<String, Object> stats = server.stats();
        assertThat(stats.get("unanswered")).isEqualTo(1L);
        assertThat(stats.get("rejected")).isEqualTo(1L);
        assertThat(stats.get("deadThreads"))
                .isEqualTo(Map.of("mechsym-service-0", "java.lang.AssertionError: work broke"));
        assertThat(server.fatalError()).isNotDone();
    }

    @Test
    void anOutOfMemoryErrorIsFatal() throws Exception {
        server = GatewayServer.start(config(1), null, null, dyingOn(new OutOfMemoryError("test heap")));
        post(server.port(), "die");
        assertThat(server.fatalError().get(10, TimeUnit.SECONDS)).hasMessage("test heap");
        assertThat(server.summary()).contains("dead threads [mechsym-service-0]");
    }

    @Test
    void aGatewayThreadThatFailsToOpenReleasesTheListenerAndStartsNothing() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        GatewayServer.Parts failing = new GatewayServer.Parts(
                GatewayServer.Parts.of(config(2)).work(),
                i -> {
                    if (i == 1) {
                        throw new UncheckedIOException(new IOException("no selector for you"));
                    }
                },
                BufferBudget.quarterOfTheHeap());
        assertThatThrownBy(() -> GatewayServer.start(config(2).withAddress("127.0.0.1", port), null, null, failing))
                .hasMessageContaining("no selector for you");
        assertThat(gatewayThreadsAlive()).isEmpty();
        try (ServerSocket again = new ServerSocket(port)) { // the listener was closed
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void anAnswerWhoseClientResetTheConnectionIsCountedAsDropped() throws Exception {
        GatewayConfig slow = GatewayConfig.defaults()
                .withThreads(1, 1)
                .withService(QueueSizing.ofLength(16, 300_000, 1), QueuePolicy.REJECT, 300_000, WorkKind.SLEEP);
        server = GatewayServer.start(slow, null, null);
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoLinger(true, 0); // the close resets: gone, not a half-close that still waits for its answer
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            Thread.sleep(50); // the request is in the service
        }
        while ((long) server.stats().get("answersDropped") < 1) { // a hang here fails at the timeout
            Thread.sleep(20);
        }
        assertThat(server.stats()).containsEntry("answered", 1L).containsEntry("answersDropped", 1L);
    }

    @Test
    void aConnectionRefusedForTheBufferBudgetGets503WithRetryAfter() throws Exception {
        // room for one connection's first 1 KiB: the second is refused at accept, with an answer
        GatewayServer.Parts small =
                new GatewayServer.Parts(GatewayServer.Parts.of(config(1)).work(), _ -> {}, new BufferBudget(1024));
        server = GatewayServer.start(config(1), null, null, small);
        int port = server.port();
        try (Socket holder = new Socket("127.0.0.1", port)) {
            holder.getOutputStream().write("GET / HTTP/1.1\r\nX: y".getBytes(StandardCharsets.US_ASCII));
            while ((long) server.stats().get("connectionsOpen") < 1) {
                Thread.sleep(10);
            }
            assertThat(RawHttp.exchange(port, "GET /txn HTTP/1.1\r\nHost: x\r\n\r\n"))
                    .startsWith("HTTP/1.1 503 ")
                    .contains("Retry-After: 1\r\n", "Connection: close\r\n", "request buffer memory");
            assertThat(server.stats()).containsEntry("connectionsRefused", 1L).containsEntry("accepted", 0L);
        }
    }

    @Test
    void aHeaderFloodOnASmallBudgetIsRefusedWith503AndServingGoesOn() throws Exception {
        // 64 KiB of buffers for 200 clients each sending 4 KiB of a header that never ends
        GatewayServer.Parts small =
                new GatewayServer.Parts(GatewayServer.Parts.of(config(1)).work(), _ -> {}, new BufferBudget(64 * 1024));
        server = GatewayServer.start(config(1), null, null, small);
        int port = server.port();
        byte[] flood = ("GET / HTTP/1.1\r\nX-Flood: " + "f".repeat(4096)).getBytes(StandardCharsets.US_ASCII);
        List<Socket> clients = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                Socket s = new Socket("127.0.0.1", port);
                clients.add(s);
                try {
                    s.getOutputStream().write(flood);
                } catch (IOException e) {
                    // refused and closed before the flood was written: its 503 may still be there to read
                }
            }
            long refused = 0;
            for (Socket s : clients) {
                s.setSoTimeout(3_000);
                // each ends: 503 (refused, or over budget), 408 (its header never ended), or a reset when
                // its bytes came after the refusal's close; a flooder kept open fails at the timeout
                String answer = RawHttp.readUntilClose(s.getInputStream());
                if (answer.startsWith("HTTP/1.1 503 ") && answer.contains("Retry-After: 1\r\n")) {
                    refused++;
                }
            }
            assertThat(refused).isPositive();
            assertThat((long) server.stats().get("bufferedBytes")).isLessThanOrEqualTo(64 * 1024);
        } finally {
            for (Socket s : clients) {
                s.close();
            }
        }
        while ((long) server.stats().get("bufferedBytes") > 0) {
            Thread.sleep(20);
        }
        assertThat(post(port, "after the flood")).startsWith("HTTP/1.1 200 ");
    }

    @Test
    void requestBuffersBeyondTheBudgetAre503AndTheBudgetComesBack() throws Exception {
        // room for two connections' first 1 KiB and little more
        GatewayServer.Parts small =
                new GatewayServer.Parts(GatewayServer.Parts.of(config(1)).work(), _ -> {}, new BufferBudget(3 * 1024));
        server = GatewayServer.start(config(1), null, null, small);
        int port = server.port();
        try (Socket holder = new Socket("127.0.0.1", port)) {
            holder.getOutputStream().write("GET / HTTP/1.1\r\nX: y".getBytes(StandardCharsets.US_ASCII));
            String big = "GET / HTTP/1.1\r\nX-Pad: " + "p".repeat(3000) + "\r\nConnection: close\r\n\r\n";
            assertThat(RawHttp.exchange(port, big)).startsWith("HTTP/1.1 503 ").contains("request buffers");
            assertThat(server.stats().get("overBudget")).isEqualTo(1L);
        }
        while ((long) server.stats().get("bufferedBytes") > 0) { // a leak here fails at the timeout
            Thread.sleep(20);
        }
        String body = "x".repeat(1500);
        assertThat(RawHttp.exchange(
                        port, "POST / HTTP/1.1\r\nConnection: close\r\nContent-Length: 1500\r\n\r\n" + body))
                .startsWith("HTTP/1.1 200 ");
    }
}
