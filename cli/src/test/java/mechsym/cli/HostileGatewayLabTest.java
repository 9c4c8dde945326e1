package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole {@code mechsym lab back-pressure --profile tiny} against a remote gateway on loopback that
 * passes the lab's check (its first {@code GET /stats} is a gateway's), then turns hostile: every
 * {@code /txn} answer is a {@code 200} whose body streams without end, every later {@code /stats} and
 * {@code /env} body drips a byte at a time for ever (the remote part fails at {@code /txn}, before it
 * would ask {@code /env}; an {@code /env} alone that never ends costs the environments column, see
 * {@code HostilePeerTest}). The lab runs in a JVM of its own with a heap that ends it on {@code
 * OutOfMemoryError}: the run ends within its deadline, its reads stay bounded though the gateway sends
 * more than that heap, the remote part alone fails (named, with the reason, exit code 4), and the
 * loopback tables, the verdict and the goals stand.
 */
class HostileGatewayLabTest {
    /** The lab JVM's heap: an unbounded read of the endless bodies would outgrow it. */
    private static final int HEAP_MB = 256;

    /**
     * The tiny row with its remote part (about 40 s in all on a loaded 2-vCPU machine, the remote part
     * a few seconds of it), with room: far below what a read without a deadline would take (for ever).
     */
    private static final long DEADLINE_MILLIS = 120_000;

    @Test
    @Timeout(180)
    void aGatewayWhoseBodiesNeverEndCostsTheRemotePartAloneWithinTheDeadline(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        try (HostileGateway gateway = new HostileGateway();
                CommandProcess lab = CommandProcess.start(
                        List.of("-Xmx" + HEAP_MB + "m", "-XX:+ExitOnOutOfMemoryError"),
                        "lab",
                        "back-pressure",
                        "--profile",
                        "tiny",
                        "--quiet",
                        "--no-ledger",
                        "--remote-gateway",
                        gateway.base(),
                        "--out",
                        out.toString())) {
            Integer exit = lab.exitWithin(DEADLINE_MILLIS);
            String said = lab.stderrText();

            assertThat(exit)
                    .as("the lab's exit within " + DEADLINE_MILLIS + " ms; stderr: " + said)
                    .isEqualTo(Main.EXIT_PART_FAILED);
            assertThat(said).doesNotContain("OutOfMemoryError");
            assertThat(gateway.hostileAnswers())
                    .as("the gateway turned hostile after the check")
                    .isPositive();
            assertThat(gateway.bytesSent())
                    .as("the endless bodies outgrew the lab's heap: they were read bounded, never held")
                    .isGreaterThan((long) HEAP_MB << 20);

            JsonNode row = experiment(
                    new ObjectMapper().readTree(out.resolve("results.json").toFile()));
            assertThat(row.get("status").asText()).isEqualTo("OK");
            assertThat(row.get("failedParts")).hasSize(1);
            JsonNode failed = row.get("failedParts").get(0);
            assertThat(failed.get("part").asText()).isEqualTo("remote gateway " + gateway.base());
            assertThat(failed.get("error").asText())
                    .contains("gave no 200 answer")
                    .doesNotContain("\n");
            List<String> tables = new ArrayList<>();
            row.get("tables").forEach(t -> tables.add(t.get("id").asText()));
            assertThat(tables)
                    .contains("hockey-stick", "queue-depth", "slow-consumer", "overload-rounds", "speed-rounds")
                    .doesNotContain("by-path");
            assertThat(row.get("verdict").get("claims")).isNotEmpty();
            assertThat(row.get("goals")).isNotEmpty();
        }
    }

    private static JsonNode experiment(JsonNode results) {
        for (JsonNode e : results.get("experiments")) {
            if (e.get("id").asText().equals("back-pressure")) {
                return e;
            }
        }
        throw new AssertionError("no back-pressure in results.json: " + results);
    }

    /**
     * The gateway: answers its first {@code GET /stats} as {@code mechsym gateway serve} does, then
     * streams every {@code /txn} body without end and drips every other body. Closing it stops it.
     */
    private static final class HostileGateway implements AutoCloseable {
        private static final byte[] CHUNK =
                ("1000\r\n" + "x".repeat(0x1000) + "\r\n").getBytes(StandardCharsets.US_ASCII);

        private final ServerSocket listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        private final AtomicBoolean checked = new AtomicBoolean();
        private final AtomicLong hostile = new AtomicLong();
        private final AtomicLong sent = new AtomicLong();
        private final List<Socket> accepted = new ArrayList<>();

        HostileGateway() throws IOException {
            Thread.ofPlatform().daemon().name("hostile-gateway").start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        synchronized (accepted) {
                            accepted.add(s);
                        }
                        Thread.ofPlatform().daemon().start(() -> serve(s));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        String base() {
            return "http://127.0.0.1:" + listener.getLocalPort();
        }

        long hostileAnswers() {
            return hostile.get();
        }

        long bytesSent() {
            return sent.get();
        }

        private void serve(Socket socket) {
            try (socket;
                    InputStream in = socket.getInputStream();
                    OutputStream out = socket.getOutputStream()) {
                String path = requestPath(in);
                if (path.equals("/stats") && checked.compareAndSet(false, true)) {
                    byte[] body = "{\"queueDepth\":0,\"answered\":0}".getBytes(StandardCharsets.US_ASCII);
                    write(
                            out,
                            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                                            + "\r\nConnection: close\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                    write(out, body);
                    return;
                }
                hostile.incrementAndGet();
                if (path.equals("/txn")) {
                    write(
                            out,
                            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
                    while (true) {
                        write(out, CHUNK);
                    }
                }
                write(
                        out,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9223372036854775807\r\n\r\n{"
                                .getBytes(StandardCharsets.US_ASCII));
                while (true) {
                    Thread.sleep(100);
                    write(out, new byte[] {' '});
                }
            } catch (IOException | InterruptedException e) {
                // the lab went away: what a hostile peer hopes never happens
            }
        }

        private void write(OutputStream out, byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
            sent.addAndGet(bytes.length);
        }

        /** The path of the request's first line, read up to the end of its head (at most 8 KB). */
        private static String requestPath(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int last4 = 0; // the last four bytes read, to see the blank line that ends the head
            while (head.size() < 8192 && last4 != 0x0D0A0D0A) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.write(b);
                last4 = (last4 << 8) | b;
            }
            String[] requestLine = head.toString(StandardCharsets.US_ASCII).split(" ", 3);
            return requestLine.length > 1 ? requestLine[1] : "";
        }

        @Override
        public void close() throws IOException {
            listener.close();
            synchronized (accepted) {
                for (Socket s : accepted) {
                    s.close();
                }
            }
        }
    }
}
