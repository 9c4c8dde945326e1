package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabServerOptionsTest extends CliTestBase {
    @Test
    void aUrlOfTheWrongKindIsBadUsage() {
        assertThat(run("lab", "jms-load", "--broker-url", "http://mq:8161")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--broker-url 'http://mq:8161'");
        assertThat(run("lab", "jdbc-prefetch", "--jdbc-url", "jdbc:mysql://db/x?password=secret"))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--jdbc-url").contains("password=***").doesNotContain("secret");
    }

    @Test
    void aServerThatIsNotThereFailsBeforeTheRunNamingHostAndPort(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(run(
                        "lab",
                        "jdbc-prefetch",
                        "--jdbc-url",
                        "jdbc:postgresql://127.0.0.1:" + port + "/x",
                        "--out",
                        dir.toString()))
                .isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --jdbc-url: the server at 127.0.0.1:" + port
                        + ": refused (nothing listens on that port there)");
        assertThat(run("lab", "jms-load", "--broker-url", "tcp://127.0.0.1:" + port, "--out", dir.toString()))
                .isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr()).contains("--broker-url: the server at 127.0.0.1:" + port + ": refused");
    }

    @Test
    void aGarbageSpeakingDatabaseIsNamedWithItsHostAndPort(@TempDir Path dir) throws Exception {
        try (ServerSocket garbage = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                while (!garbage.isClosed()) {
                    try (Socket s = garbage.accept()) {
                        s.getInputStream().read(new byte[1024]);
                        s.getOutputStream().write("\u001B[2Jgarbage\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            String url = "jdbc:postgresql://127.0.0.1:" + garbage.getLocalPort() + "/x?connectTimeout=3";
            assertThat(run("lab", "jdbc-prefetch", "--profile", "tiny", "--jdbc-url", url, "--out", dir.toString()))
                    .isEqualTo(Main.EXIT_FAILED);
            assertThat(stdout() + stderr())
                    .contains("--jdbc-url: the server at 127.0.0.1:" + garbage.getLocalPort() + ": ")
                    .doesNotContain("\u001B");
        }
    }

    @Test
    void passwordsAreRedactedFromTheCommandTheReportShows() {
        assertThat(LabCommand.redactedPassword("jdbc:postgresql://db/x?user=u&password=s3cret&ssl=false"))
                .isEqualTo("jdbc:postgresql://db/x?user=u&password=***&ssl=false");
        assertThat(LabCommand.redactedPassword("jdbc:oracle:thin:scott/tiger@//ora:1521/PDB"))
                .isEqualTo("jdbc:oracle:thin:scott/***@//ora:1521/PDB");
    }
}
