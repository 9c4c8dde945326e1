package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The test network is a real path: a TCP echo inside the namespace answers across the veth pair. */
@Timeout(60)
class TestNetworkTest {
    @Test
    void aServerInsideTheNamespaceAnswersAcrossTheVethPair() throws Exception {
        String why = TestNetwork.unavailableBecause();
        assumeTrue(why == null, () -> "skipped: " + why);
        try (TestNetwork network = TestNetwork.create()) {
            // a one-line TCP server inside the namespace: python3 is on every machine of this kind
            Process server = new ProcessBuilder(network.command(List.of(
                            "python3",
                            "-c",
                            "import socket;s=socket.socket();s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1);"
                                    + "s.bind(('" + network.remoteAddress() + "',7919));s.listen();"
                                    + "print('ready',flush=True);c,_=s.accept();c.sendall(c.recv(64).upper())")))
                    .redirectErrorStream(true)
                    .start();
            try {
                assertThat(new String(server.getInputStream().readNBytes(6), StandardCharsets.UTF_8))
                        .isEqualTo("ready\n");
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(network.remoteAddress(), 7919), 5_000);
                    OutputStream out = socket.getOutputStream();
                    out.write("veth".getBytes(StandardCharsets.US_ASCII));
                    InputStream in = socket.getInputStream();
                    assertThat(new String(in.readNBytes(4), StandardCharsets.US_ASCII))
                            .isEqualTo("VETH");
                    assertThat(socket.getLocalAddress().getHostAddress()).isEqualTo(network.hostAddress());
                }
                assertThat(server.waitFor(10, TimeUnit.SECONDS)).isTrue();
            } finally {
                server.destroyForcibly();
            }
        }
        assertThat(namespaces())
                .doesNotContain("mechsym-test-" + ProcessHandle.current().pid() % 100_000);
    }

    private static String namespaces() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list")
                .redirectErrorStream(true)
                .start();
        list.waitFor(10, TimeUnit.SECONDS);
        return new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
