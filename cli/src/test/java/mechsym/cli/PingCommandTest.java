package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import mechsym.tools.ping.PingServer;
import mechsym.tools.ping.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class PingCommandTest extends CliTestBase {
    @TempDir
    Path dir;

    @Test
    void helpListsTheTransports() {
        assertThat(run("ping", "client", "--help")).isZero();
        assertThat(stdout()).contains("--transport", "--rate", "--hgrm", "--json", "--cpu");
        assertThat(run("ping", "server", "--help")).isZero();
    }

    @Test
    void clientPrintsJsonAndWritesTheHgrmFile() throws Exception {
        try (PingServer server = PingServer.start("127.0.0.1", 0, Transport.SPIN, null, null)) {
            Path hgrm = dir.resolve("rtt.hgrm");
            int code = run(
                    "ping",
                    "client",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(server.port()),
                    "--count",
                    "200",
                    "--warmup",
                    "10",
                    "--json",
                    "--hgrm",
                    hgrm.toString());
            assertThat(code).as(stderr()).isZero();
            assertThat(stdout()).contains("\"transport\":\"spin\"", "\"count\":200", "\"mode\":\"closed-loop\"");
            assertThat(Files.readString(hgrm)).contains("Value     Percentile TotalCount 1/(1-Percentile)");
        }
    }

    @Test
    void badUsageIsExitTwoInOneLine() {
        assertThat(run("ping", "client", "--port", "9", "--transport", "pigeon"))
                .isEqualTo(2);
        assertThat(stderr()).contains("unknown transport 'pigeon'");
        err.reset();
        assertThat(run("ping", "client", "--port", "9", "--size", "0")).isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --size must be 1..65507 bytes, not 0");
        err.reset();
        assertThat(run("ping", "client", "--port", "9", "--rate", "-5")).isEqualTo(2);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --rate must be 0 (closed loop) or up to 1e9 per second, not -5.0");
        err.reset();
        assertThat(run("ping", "server", "--port", "70000", "--transport", "udp"))
                .isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --port must be 0..65535, not 70000");
        err.reset();
        assertThat(run("ping", "server", "--port", "0", "--transport", "pigeon"))
                .isEqualTo(2);
        assertThat(stderr()).contains("unknown transport 'pigeon'");
    }

    @Test
    void refusedAndUnknownHostAreExitOneWithoutStackTrace() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        assertThat(run("ping", "client", "--host", "127.0.0.1", "--port", String.valueOf(port)))
                .isEqualTo(1);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: connection refused by 127.0.0.1:" + port + " (no ping server listening there?)");
        err.reset();
        assertThat(run("ping", "client", "--host", "no-such-host.invalid", "--port", "9"))
                .isEqualTo(1);
        assertThat(stderr().strip()).isEqualTo("mechsym: unknown host 'no-such-host.invalid'");
    }

    @Test
    void aUdpRunAgainstATruncatingServerIsExitOneSayingNothingWasMeasured() throws Exception {
        try (java.net.DatagramSocket truncating =
                new java.net.DatagramSocket(0, java.net.InetAddress.getByName("127.0.0.1"))) {
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        java.net.DatagramPacket p = new java.net.DatagramPacket(new byte[64], 64);
                        truncating.receive(p);
                        p.setLength(p.getLength() / 2);
                        truncating.send(p);
                    }
                } catch (java.io.IOException e) {
                    // closed: the test is over
                }
            });
            int code = run(
                    "ping",
                    "client",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(truncating.getLocalPort()),
                    "--transport",
                    "udp",
                    "--count",
                    "3",
                    "--warmup",
                    "0",
                    "--timeout",
                    "50");
            assertThat(code).isEqualTo(1);
            assertThat(stderr().strip())
                    .isEqualTo("mechsym: nothing measured: none of the 3 messages sent to 127.0.0.1:"
                            + truncating.getLocalPort() + " was answered within 50 ms; 3 answers were not the ones"
                            + " expected (a server that truncates or changes them?)");
        }
    }

    @Test
    void serverOnAPortInUseIsExitOne() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            assertThat(run("ping", "server", "--port", String.valueOf(taken.getLocalPort())))
                    .isEqualTo(1);
            assertThat(stderr()).contains("the port is in use").doesNotContain("Exception");
        }
    }
}
