package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The gateway with curl and wrk as a user runs them. The clients come from the project's own
 * installer ({@code tools/scripts/install-http-clients.sh}: apt-get as root); where it cannot
 * install them, the tests are skipped saying why.
 */
@Timeout(60)
class HttpClientsTest {
    private static String unavailable;
    private GatewayServer server;

    @BeforeAll
    static void installClients() throws Exception {
        Path script = Path.of(System.getProperty("user.dir")).resolve("scripts/install-http-clients.sh");
        if (!Files.isExecutable(script)) {
            script = Path.of(System.getProperty("user.dir")).resolve("tools/scripts/install-http-clients.sh");
        }
        Process p = new ProcessBuilder("sh", script.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(240, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            unavailable = "curl/wrk missing and not installable here: " + out.strip();
        }
    }

    @BeforeEach
    void start() throws IOException {
        Assumptions.assumeTrue(unavailable == null, () -> "SKIPPED: " + unavailable);
        server = GatewayServer.start(GatewayConfig.defaults(), null, null);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + "\n" + out).isZero();
        return out;
    }

    @Test
    void curlGetsPostsAndReusesTheConnection() throws Exception {
        String base = "http://127.0.0.1:" + server.port();
        String out = run(List.of("curl", "-sS", "-v", base + "/txn", base + "/txn", "-d", "body"));
        assertThat(out).contains("< HTTP/1.1 200 OK", "ok").containsIgnoringCase("Re-using existing connection");
        String stats = run(List.of("curl", "-sS", base + "/stats"));
        assertThat(stats).contains("\"accepted\":2", "\"rejected\":0");
        String big = run(List.of(
                "curl",
                "-sS",
                "-o",
                "/dev/null",
                "-w",
                "%{http_code}",
                "-H",
                "X-Big: " + "a".repeat(10_000),
                base + "/txn"));
        assertThat(big).isEqualTo("431");
    }

    @Test
    void wrkLoadsItWithoutErrors() throws Exception {
        String out = run(List.of("wrk", "-t1", "-c8", "-d1s", "http://127.0.0.1:" + server.port() + "/txn"));
        assertThat(out).contains("Requests/sec").doesNotContain("Non-2xx").doesNotContain("Socket errors");
        // the last transactions may still be in the service when wrk has gone: the books balance once they are out
        Map<String, Object> stats = server.stats();
        for (int i = 0; i < 200 && (long) stats.get("inFlight") > 0; i++) {
            Thread.sleep(10);
            stats = server.stats();
        }
        assertThat((long) stats.get("answered")).isPositive();
        assertThat(stats).containsEntry("inFlight", 0L).containsEntry("accepted", stats.get("answered"));
    }
}
