package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;
import mechsym.tools.echo.EchoServer;
import mechsym.tools.echo.Pipeline;
import mechsym.tools.echo.WaitKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class EchoCommandTest extends CliTestBase {
    @Test
    void helpNamesThePipelinesAndWaits() {
        assertThat(run("echo", "server", "--help")).isZero();
        assertThat(stdout()).contains("--pipeline", "ring|threads|disruptor", "--wait");
        assertThat(run("echo", "client", "--help")).isZero();
        assertThat(stdout()).contains("--threads", "--count", "--rate");
    }

    @Test
    void clientReportsPercentilesAsJson() throws Exception {
        try (EchoServer server = EchoServer.start("127.0.0.1", 0, Pipeline.DISRUPTOR, WaitKind.SLEEPING)) {
            int code = run(
                    "echo",
                    "client",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(server.port()),
                    "--threads",
                    "2",
                    "--count",
                    "100",
                    "--json");
            assertThat(code).as(stderr()).isZero();
            assertThat(stdout()).contains("\"threads\":2", "\"answered\":200", "\"lost\":0", "\"count\":200");
        }
    }

    @Test
    void aRunThatMeasuredNothingIsExitOneSayingWhy() throws Exception {
        try (EchoServer server = EchoServer.start("127.0.0.1", 0, Pipeline.RING, WaitKind.SLEEPING)) {
            int code = run(
                    "echo",
                    "client",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(server.port()),
                    "--size",
                    "1025",
                    "--count",
                    "3",
                    "--timeout",
                    "50");
            assertThat(code).isEqualTo(1);
            assertThat(stderr().strip())
                    .isEqualTo("mechsym: nothing measured: none of the 3 messages sent to 127.0.0.1:" + server.port()
                            + " was answered within 50 ms (is the server running, and reachable?); an echo server"
                            + " answers datagrams up to 1024 bytes, not 1025 (--size)");
            assertThat(stdout()).doesNotContain("0.0");
        }
    }

    @Test
    void badUsageAndPortInUseAreOneLine() throws Exception {
        assertThat(run("echo", "server", "--port", "9", "--pipeline", "fibers")).isEqualTo(2);
        assertThat(stderr()).contains("unknown pipeline 'fibers'; valid: ring, threads, disruptor");
        err.reset();
        assertThat(run("echo", "client", "--port", "9", "--threads", "0")).isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --threads must be 1..1024, not 0");
        err.reset();
        assertThat(run("echo", "server", "--port", "-1")).isEqualTo(2);
        assertThat(stderr().strip()).isEqualTo("mechsym: --port must be 0..65535, not -1");
        err.reset();
        try (DatagramSocket taken = new DatagramSocket(0)) {
            assertThat(run("echo", "server", "--port", String.valueOf(taken.getLocalPort())))
                    .isEqualTo(1);
            assertThat(stderr().strip())
                    .isEqualTo("mechsym: cannot listen on UDP port " + taken.getLocalPort() + ": the port is in use");
        }
    }
}
