package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import mechsym.tools.gateway.GatewayConfig;
import mechsym.tools.gateway.GatewayServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class GatewayAndLoadCommandTest extends CliTestBase {
    @Test
    void helpDescribesBothCommands() {
        assertThat(run("gateway", "serve", "--help")).isZero();
        assertThat(stdout()).contains("--max-latency", "--policy", "--txn-time", "503");
        assertThat(run("load", "--help")).isZero();
        assertThat(stdout()).contains("--rate", "--from", "--steps", "--hgrm", "intended");
    }

    @Test
    void badGatewayArgumentsAreOneLineAndExit2() {
        assertThat(run("gateway", "serve", "--policy", "drop")).isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --policy: unknown value 'drop' (one of reject, block, unbounded)");
        assertThat(run("gateway", "serve", "--max-latency", "0", "--txn-time", "100"))
                .isEqualTo(2);
        assertThat(stderr()).contains("--max-latency must be positive");
        assertThat(run("gateway", "serve", "--queue", "10", "--max-latency", "5"))
                .isEqualTo(2);
        assertThat(run("gateway", "serve", "--port", "70000")).isEqualTo(2);
        assertThat(stderr()).contains("--port must be 0..65535");
    }

    @Test
    void aHostThatDoesNotResolveIsNamed() {
        assertThat(run("gateway", "serve", "--host", "999.1.1.1", "--port", "0", "--quiet"))
                .isEqualTo(2);
        assertThat(stderr().strip()).startsWith("mechsym: --host: '999.1.1.1'").doesNotContain("null");
    }

    @Test
    void anUnwritableStatsFileIsRefusedAtStart(@TempDir Path dir) {
        Path file = dir.resolve("no-such-folder").resolve("stats.json");
        assertThat(run("gateway", "serve", "--port", "0", "--quiet", "--stats-file", file.toString()))
                .isEqualTo(2);
        assertThat(stderr().strip()).startsWith("mechsym: --stats-file: ").contains(file.toString());
    }

    @Test
    void aPortInUseIsOneLineAndExit1() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(run("gateway", "serve", "--port", Integer.toString(taken.getLocalPort()), "--quiet"))
                    .isEqualTo(1);
            assertThat(stderr().strip())
                    .startsWith("mechsym: cannot listen on 127.0.0.1:" + taken.getLocalPort())
                    .doesNotContain("\n");
        }
    }

    @Test
    void badLoadArgumentsAreOneLineAndExit2() {
        assertThat(run("load", "--url", "https://example.org/", "--rate", "10")).isEqualTo(2);
        assertThat(stderr()).contains("--url must be an http:// URL");
        assertThat(run("load", "--url", "http://127.0.0.1:1/", "--rate", "10", "--from", "1"))
                .isEqualTo(2);
        assertThat(stderr()).contains("give one schedule");
        assertThat(run("load", "--url", "http://127.0.0.1:1/", "--steps", "10")).isEqualTo(2);
        assertThat(run("load", "--url", "http://127.0.0.1:1/", "--rate", "10", "--duration", "soon"))
                .isEqualTo(2);
        assertThat(stderr()).contains("'soon' is not a duration");
        err.reset();
        assertThat(run("load", "--url", "http://127.0.0.1:1/", "--rate", "1e12"))
                .isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --rate must be at most 1000000 requests per second (mechsym load sends from one"
                        + " thread), not 1000000000000");
        err.reset();
        assertThat(run("load", "--url", "http://127.0.0.1:1/", "--steps", "100:1s,5000000:1s"))
                .isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: a rate of 5000000 requests per second is above what mechsym load can send (one"
                        + " thread): at most 1000000");
    }

    @Test
    void loadRefusesWhatWouldFailOnlyAfterTheRunInTheUsersWords(@TempDir Path dir) {
        String url = "http://127.0.0.1:1/";
        assertThat(run("load", "--url", url, "--rate", "1e-10", "--duration", "1s"))
                .isEqualTo(2);
        assertThat(stderr().strip())
                .startsWith("mechsym: the schedule (")
                .endsWith(") sends no request: less than one is due; give a higher rate or a longer duration");
        err.reset();
        assertThat(run("load", "--url", url, "--rate", "10", "--duration", "1e300s"))
                .isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --duration '1e300s': a duration of at most 7 days (168h) is taken");
        err.reset();
        assertThat(run("load", "--url", "http://127.0.0.1:99999/", "--rate", "10"))
                .isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --url 'http://127.0.0.1:99999/': the port 99999 is not in 1..65535");
        err.reset();
        assertThat(run("load", "--url", url, "--rate", "10", "--drain-timeout", "-1s"))
                .isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --drain-timeout '-1s': a duration cannot be negative");
        err.reset();
        Path missing = dir.resolve("no-such-folder").resolve("out.json");
        assertThat(run("load", "--url", url, "--rate", "10", "--duration", "5s", "--json", missing.toString()))
                .isEqualTo(2);
        assertThat(stderr().strip()).startsWith("mechsym: --json " + missing + ": no such folder");
        err.reset();
        assertThat(run("load", "--url", url, "--rate", "10", "--json", dir.toString()))
                .isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --json " + dir + ": is a folder; give a file name");
    }

    @Test
    void loadAgainstTheGatewayWritesJsonAndHgrm(@TempDir Path dir) throws Exception {
        try (GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults(), null, null)) {
            Path json = dir.resolve("run.json");
            int code = run(
                    "load",
                    "--url",
                    "http://127.0.0.1:" + gateway.port() + "/txn",
                    "--from",
                    "50",
                    "--to",
                    "200",
                    "--during",
                    "500ms",
                    "--json",
                    json.toString(),
                    "--hgrm",
                    dir.resolve("run").toString(),
                    "--quiet");
            assertThat(code).as(stderr()).isZero();
            assertThat(stdout()).contains("200 ", "fixed-rate", "throughput");
            assertThat(Files.readString(json)).contains("\"byOutcome\"", "\"200\"", "\"timeline\"");
            assertThat(dir.resolve("run-200.hgrm")).exists();
            assertThat(dir.resolve("run-all.hgrm")).exists();
        }
    }

    @Test
    void loadAgainstNothingSaysSoAndExits1() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(run(
                        "load",
                        "--url",
                        "http://127.0.0.1:" + port + "/",
                        "--rate",
                        "20",
                        "--duration",
                        "200ms",
                        "--drain-timeout",
                        "200ms",
                        "--quiet"))
                .isEqualTo(1);
        assertThat(stderr()).contains("mechsym: no request to http://127.0.0.1:" + port + "/ was answered");
    }
}
