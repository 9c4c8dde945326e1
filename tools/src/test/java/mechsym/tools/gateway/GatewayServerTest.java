package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class GatewayServerTest {
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private GatewayServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        client.close();
    }

    private GatewayServer start(GatewayConfig config) throws IOException {
        server = GatewayServer.start(config, null, null);
        return server;
    }

    private static GatewayConfig config(QueuePolicy policy, int queue, double txnMicros, WorkKind work) {
        return GatewayConfig.defaults()
                .withThreads(2, 1)
                .withService(QueueSizing.ofLength(queue, txnMicros, 1), policy, txnMicros, work);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersTransactionsAndStatsOverKeepAlive() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN));
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> r = get("/txn");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("ok\n");
        }
        HttpResponse<String> stats = get("/stats");
        assertThat(stats.statusCode()).isEqualTo(200);
        assertThat(stats.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(stats.body()).contains("\"accepted\":20", "\"answered\":20", "\"inFlight\":0", "\"queueDepth\":0");
        // keep-alive: one connection served all 21 requests
        assertThat(server.stats().get("connectionsAccepted")).isEqualTo(1L);
    }

    @Test
    void hashWorkAnswersTheDigestOfTheBody() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 50, WorkKind.HASH));
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/txn"))
                        .POST(HttpRequest.BodyPublishers.ofString("hello"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body().strip()).matches("[0-9a-f]{64}");
        assertThat(server.hashRounds()).isPositive();
    }

    @Test
    void refusesMalformedAndOversizedRequestsAndKeepsServing() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN).withLimits(1024, 2048, 100));
        int port = server.port();
        assertThat(RawHttp.exchange(port, "NOT A REQUEST LINE AT ALL\r\n\r\n")).startsWith("HTTP/1.1 400 ");
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\r\nno colon here\r\n\r\n"))
                .startsWith("HTTP/1.1 400 ");
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n"))
                .startsWith("HTTP/1.1 400 ");
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\r\nX-Big: " + "a".repeat(2000) + "\r\n\r\n"))
                .startsWith("HTTP/1.1 431 ");
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\r\nX-Big: " + "a".repeat(200_000)))
                .startsWith("HTTP/1.1 431 ");
        assertThat(RawHttp.exchange(port, "POST / HTTP/1.1\r\nContent-Length: 4096\r\n\r\n"))
                .startsWith("HTTP/1.1 413 ");
        assertThat(RawHttp.exchange(port, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"))
                .startsWith("HTTP/1.1 501 ");
        assertThat(RawHttp.exchange(port, "GET / HTTP/2.0\r\n\r\n")).startsWith("HTTP/1.1 505 ");
        byte[] binary = new byte[512];
        new java.util.Random(7).nextBytes(binary);
        binary[510] = '\r'; // never a header end: the request times out or is refused
        String answer = RawHttp.exchange(port, binary);
        assertThat(answer)
                .satisfiesAnyOf(
                        a -> assertThat(a).startsWith("HTTP/1.1 4"),
                        a -> assertThat(a).isEmpty());
        assertThat(get("/txn").statusCode()).isEqualTo(200);
        assertThat((long) server.stats().get("badRequests")).isGreaterThanOrEqualTo(8);
    }

    @Test
    void headIsAnsweredWithoutABody() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN));
        String answer = RawHttp.exchange(server.port(), "HEAD /txn HTTP/1.1\r\nConnection: close\r\n\r\n");
        assertThat(answer)
                .startsWith("HTTP/1.1 200 ")
                .contains("Content-Length: 3\r\n")
                .endsWith("\r\n\r\n");
    }

    @Test
    void bareLineEndsAndControlCharactersGet400AtOnceAndALeadingEmptyLineIsIgnored() throws Exception {
        // the request timeout is far beyond RawHttp's 3 s: a 408 would come too late to be seen
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN)
                .withTimeouts(Duration.ofSeconds(20), Duration.ofSeconds(20), Duration.ofSeconds(20)));
        int port = server.port();
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\n\n"))
                .startsWith("HTTP/1.1 400 ")
                .contains("bare LF");
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\rHost: x\r\r"))
                .startsWith("HTTP/1.1 400 ")
                .contains("bare CR");
        assertThat(RawHttp.exchange(port, "GET /a\0b HTTP/1.1\r\n\r\n")).startsWith("HTTP/1.1 400 ");
        assertThat(RawHttp.exchange(port, "\r\nGET /txn HTTP/1.1\r\nConnection: close\r\n\r\n"))
                .startsWith("HTTP/1.1 200 ");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN));
        String three =
                "GET /a HTTP/1.1\r\nHost: x\r\n\r\n".repeat(2) + "GET /stats HTTP/1.1\r\nConnection: close\r\n\r\n";
        String answer = RawHttp.exchange(server.port(), three);
        assertThat(answer.split("HTTP/1.1 200 OK", -1)).hasSize(4);
        assertThat(answer).endsWith("}\n").contains("\"answered\":2");
    }

    @Test
    void responsesThatTheSocketTakesInPartsArriveWhole() throws Exception {
        // one event loop; 20,000 pipelined /stats requests (about 16 MB of answers, more than the socket
        // buffers hold) read only later: a response waits half written while the loop builds other
        // connections' answers in its scratch buffer
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN).withThreads(1, 1));
        int count = 20_000;
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096); // a small window: the gateway's writes stop part way
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
            socket.setSoTimeout(10_000);
            Thread writer = Thread.ofPlatform().start(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    byte[] request = "GET /stats HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                    for (int i = 0; i < count; i++) {
                        out.write(request);
                    }
                    out.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            waitFor(() -> (long) server.stats().get("responses") > 1_000); // nothing read yet
            for (int i = 0; i < 20; i++) { // other answers built meanwhile
                assertThat(RawHttp.exchange(server.port(), "GET /txn HTTP/1.1\r\nConnection: close\r\n\r\n"))
                        .endsWith("ok\n");
            }
            InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
            for (int i = 0; i < count; i++) {
                String head = readHead(in);
                assertThat(head).as("response %d", i).startsWith("HTTP/1.1 200 OK\r\n");
                int length = Integer.parseInt(head.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
                String body = new String(in.readNBytes(length), StandardCharsets.US_ASCII);
                assertThat(body).as("response %d", i).startsWith("{").endsWith("}\n");
            }
            writer.join();
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }

    @Test
    void aStalledRequestGets408AndAClientThatDisconnectsCostsNothing() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN)
                .withTimeouts(Duration.ofMillis(300), Duration.ofSeconds(5), Duration.ofMillis(300)));
        int port = server.port();
        assertThat(RawHttp.exchange(port, "GET / HTTP/1.1\r\nHost: x\r\n")).startsWith("HTTP/1.1 408 ");
        for (int i = 0; i < 20; i++) { // half a request, then gone
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.getOutputStream()
                        .write("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc".getBytes(StandardCharsets.US_ASCII));
            }
        }
        assertThat(get("/txn").statusCode()).isEqualTo(200);
        waitFor(() -> (long) server.stats().get("connectionsOpen") <= 1);
        assertThat((long) server.stats().get("timeouts")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void aClientThatNeverReadsIsDroppedAfterTheWriteTimeout() throws Exception {
        start(config(QueuePolicy.REJECT, 64, 0, WorkKind.SPIN)
                .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofMillis(300)));
        try (Socket greedy = new Socket()) {
            greedy.setReceiveBufferSize(4096);
            greedy.connect(new InetSocketAddress("127.0.0.1", server.port()));
            OutputStream out = greedy.getOutputStream();
            byte[] stats = "GET /stats HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            Thread writer = Thread.ofPlatform().daemon(true).start(() -> {
                try {
                    for (int i = 0; i < 100_000; i++) {
                        out.write(stats); // ~1 KB answers, never read: the server's socket buffer fills
                    }
                } catch (IOException e) {
                    // the server dropped us: expected
                }
            });
            waitFor(() -> (long) server.stats().get("timeouts") >= 1);
            assertThat(get("/txn").statusCode()).isEqualTo(200); // everyone else is still served
            writer.join(5_000);
        }
    }

    @Test
    void tenTimesOverloadKeepsServingAndTheCountersAddUp() throws Exception {
        // capacity 1 / 2 ms = 500/s; 400 requests at once is far beyond what 8 queued can absorb
        start(config(QueuePolicy.REJECT, 8, 2_000, WorkKind.SLEEP));
        List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
        try (HttpClient burst =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            for (int i = 0; i < 400; i++) {
                futures.add(burst.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/txn"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            long ok = 0;
            long busy = 0;
            for (CompletableFuture<HttpResponse<String>> f : futures) {
                HttpResponse<String> r = f.join();
                if (r.statusCode() == 200) {
                    ok++;
                } else {
                    assertThat(r.statusCode()).isEqualTo(503);
                    assertThat(r.headers().firstValue("Retry-After")).hasValue("1");
                    busy++;
                }
            }
            assertThat(busy).isPositive();
            Map<String, Object> s = server.stats();
            assertThat(s.get("accepted")).isEqualTo(ok);
            assertThat(s.get("rejected")).isEqualTo(busy);
            assertThat((long) s.get("accepted")).isEqualTo((long) s.get("answered") + (long) s.get("inFlight"));
            assertThat(s.get("inFlight")).isEqualTo(0L);
            assertThat((long) s.get("alerts")).isPositive();
        }
        assertThat(get("/txn").statusCode()).isEqualTo(200);
    }

    @Test
    void blockAndUnboundedPoliciesNeverReject() throws Exception {
        for (QueuePolicy policy : List.of(QueuePolicy.BLOCK, QueuePolicy.UNBOUNDED)) {
            start(config(policy, 1, 1_000, WorkKind.SLEEP));
            List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
            try (HttpClient burst =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                for (int i = 0; i < 30; i++) {
                    futures.add(burst.sendAsync(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/txn"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString()));
                }
                futures.forEach(
                        f -> assertThat(f.join().statusCode()).as(policy.id()).isEqualTo(200));
            }
            assertThat(server.stats().get("rejected")).as(policy.id()).isEqualTo(0L);
            if (policy == QueuePolicy.BLOCK) {
                assertThat((long) server.stats().get("blockedWaits")).isPositive();
            }
            server.close();
            server = null;
        }
    }

    @Test
    void printsAStatsLineAndAppendsTheStatsFileEverySecond(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.io.ByteArrayOutputStream lines = new java.io.ByteArrayOutputStream();
        java.nio.file.Path file = dir.resolve("stats.jsonl");
        server = GatewayServer.start(
                config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN).withStatsEverySecond(true),
                new java.io.PrintStream(lines, true, StandardCharsets.UTF_8),
                file);
        assertThat(get("/txn").statusCode()).isEqualTo(200);
        waitFor(() -> lines.toString(StandardCharsets.UTF_8).contains("accepted=1 "));
        assertThat(lines.toString(StandardCharsets.UTF_8))
                .contains("depth=0/16", "answered=1", "inflight=0", "txn p50=");
        waitFor(() -> java.nio.file.Files.exists(file));
        assertThat(java.nio.file.Files.readAllLines(file).getFirst())
                .startsWith("{")
                .contains("\"accepted\":1");
    }

    @Test
    void aTakenPortIsReportedWithTheAddress() throws Exception {
        start(config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN));
        GatewayConfig same = config(QueuePolicy.REJECT, 16, 0, WorkKind.SPIN).withAddress("127.0.0.1", server.port());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GatewayServer.start(same, null, null))
                .isInstanceOf(java.net.BindException.class)
                .hasMessageContaining("127.0.0.1:" + server.port());
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(20);
        }
    }

    @SuppressWarnings("unused")
    private static void drain(InputStream in) throws IOException {
        in.readAllBytes();
    }
}
