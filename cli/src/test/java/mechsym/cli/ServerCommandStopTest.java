package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.platform.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Server commands as processes: SIGTERM stops them with exit 0 and every thread joined. */
@Timeout(60)
class ServerCommandStopTest {
    /** The JVM's own exit after the server's close. */
    private static final long STOP_MILLIS = RunningServer.STOP_DEADLINE.toMillis() + 1_000;

    @Test
    void theGatewayStopsOnSigtermWithExit0AndASummary() throws Exception {
        try (CommandProcess gateway = CommandProcess.start(List.of(), "gateway", "serve", "--port", "0", "--quiet")) {
            String port = gateway.awaitLine("listening on http://127\\.0\\.0\\.1:(\\d+)/");
            assertThat(get(port, "/txn")).isEqualTo(200);
            gateway.terminate();
            assertThat(gateway.exitWithin(STOP_MILLIS)).isEqualTo(0);
            assertThat(gateway.stderrText())
                    .contains("mechsym gateway: accepted 1,")
                    .doesNotContain("did not stop");
        }
    }

    @Test
    void theGatewayStopsOnCtrlCWithExit0() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                sigintIgnored(),
                "SIGINT is ignored in this JVM (started in the background by a shell without job control),"
                        + " so in the gateway it starts too: Ctrl-C cannot be shown here");
        try (CommandProcess gateway = CommandProcess.start(List.of(), "gateway", "serve", "--port", "0", "--quiet")) {
            gateway.awaitLine("listening on http://127\\.0\\.0\\.1:(\\d+)/");
            gateway.interrupt();
            assertThat(gateway.exitWithin(STOP_MILLIS)).as(gateway.stderrText()).isEqualTo(0);
            assertThat(gateway.stderrText()).contains("mechsym gateway: accepted 0,");
        }
    }

    @Test
    void connectionsThatDeclareBigBodiesDoNotExhaustASmallHeap() throws Exception {
        // 1,500 connections each declaring 64 KiB and sending 70 bytes: 94 MiB declared, 64 MiB of heap
        survivesClientsHolding(
                "-Xmx64m", 1_500, "POST /txn HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n" + "x".repeat(70));
    }

    @Test
    void thousandsOfUnfinishedHeadsDoNotExhaustASmallHeap() throws Exception {
        // headers just under the 8 KiB limit, never ended: 6,000 connections would hold 48 MiB of a 32 MiB heap
        survivesClientsHolding("-Xmx32m", 6_000, "GET /txn HTTP/1.1\r\nX-Pad: " + "p".repeat(8000));
    }

    /**
     * Whether this process ignores SIGINT (Linux's /proc/self/status): a child inherits an ignored
     * signal, and a JVM leaves it ignored, whatever handler it asks for.
     */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) {
            return false;
        }
        for (String line : java.nio.file.Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(
                                        line.substring("SigIgn:".length()).strip(), 16)
                                & (1L << (2 - 1)))
                        != 0;
            }
        }
        return false;
    }

    /**
     * A gateway with heap {@code heapOption} while {@code clients} connections each send {@code
     * request} and hold on: once they leave it serves {@code /stats}, and SIGTERM stops it with exit 0,
     * no OutOfMemoryError on the way.
     */
    private static void survivesClientsHolding(String heapOption, int clients, String request) throws Exception {
        try (CommandProcess gateway =
                CommandProcess.start(List.of(heapOption), "gateway", "serve", "--port", "0", "--quiet")) {
            String port = gateway.awaitLine("listening on http://127\\.0\\.0\\.1:(\\d+)/");
            byte[] bytes = request.getBytes(StandardCharsets.US_ASCII);
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < clients; i++) {
                    Socket s = new Socket("127.0.0.1", Integer.parseInt(port));
                    sockets.add(s);
                    try {
                        s.getOutputStream().write(bytes); // beyond the buffer budget: refused, or answered 503
                    } catch (IOException refused) {
                        // closed by the gateway before our bytes arrived
                    }
                }
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
            // while the budget was full, new connections were refused; once the clients left, it serves
            int status = 0;
            for (int attempt = 0; attempt < 100 && status != 200; attempt++) {
                try {
                    status = get(port, "/stats");
                } catch (IOException refused) {
                    Thread.sleep(50);
                }
            }
            assertThat(status).as(gateway.stderrText()).isEqualTo(200);
            gateway.terminate();
            assertThat(gateway.exitWithin(STOP_MILLIS)).as(gateway.stderrText()).isEqualTo(0);
            assertThat(gateway.stderrText()).doesNotContain("OutOfMemoryError");
        }
    }

    @Test
    void theJmsServiceStopsOnSigtermWithExit0AndASummary(@TempDir Path dir) throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(dir, Duration.ofSeconds(60));
                CommandProcess service = CommandProcess.start(
                        List.of(), "jms-service", "--broker-url", broker.url(), "--queue", "stop-q")) {
            service.awaitLine("serving queue stop-q");
            service.terminate();
            assertThat(service.exitWithin(STOP_MILLIS)).as(service.stderrText()).isEqualTo(0);
            assertThat(service.stderrText()).contains("jms-service: served 0");
        }
    }

    private static int get(String port, String path) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<InputStream> r = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            r.body().readAllBytes();
            return r.statusCode();
        }
    }
}
