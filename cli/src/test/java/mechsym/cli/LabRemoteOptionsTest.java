package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code mechsym lab --remote...}: bad options are bad usage (2), a server not there a failure (1), one line. */
class LabRemoteOptionsTest extends CliTestBase {
    @Test
    void aBadHostOrPortIsBadUsageInOneLine() {
        assertThat(run("lab", "tcp-ping", "--remote-ping", "pinger:99999")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --remote-ping 'pinger:99999': the port 99999 is not in 1..65535");
        assertThat(run("lab", "udp-echo", "--remote-echo", "echoer:port")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote-echo 'echoer:port': the port 'port' is not a number");
        assertThat(run("lab", "tcp-ping", "--remote", "a host")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote 'a host': expected a host name or address");
        assertThat(run("lab", "tcp-ping", "--remote", "host:9000")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote 'host:9000': a host only");
        assertThat(run("lab", "back-pressure", "--remote-gateway", "tcp://gw:8080"))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote-gateway 'tcp://gw:8080': expected an http URL");
    }

    @Test
    @Timeout(30)
    void aServerThatIsNotThereFailsTheRunBeforeItStartsInOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        assertThat(run("lab", "tcp-ping", "--profile", "tiny", "--remote-ping", "127.0.0.1:" + port))
                .isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr().strip().lines()).hasSize(1);
        assertThat(stderr()).contains("the ping server at 127.0.0.1:" + port + ": refused");
        assertThat(stdout()).doesNotContain("report.html");
    }

    @Test
    void onlyTheServersOfTheSelectedRowsAreChecked() {
        var all = mechsym.lab.remote.RemoteServers.of("10.0.0.2", null, null, null);
        var used = LabCommand.usedBy(mechsym.lab.runner.ExperimentCatalog.select(java.util.List.of("udp-echo")), all);
        assertThat(used.ping()).isNull();
        assertThat(used.gateway()).isNull();
        assertThat(used.echo()).hasToString("10.0.0.2:9001");
    }

    @Test
    void aRemoteEnvFileThatIsNotOneIsBadUsage(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json");
        assertThat(run("lab", "tcp-ping", "--remote-env", missing.toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote-env " + missing + ": cannot be read as a server's --env-file");
    }

    @Test
    void aServerWritesItsHostsEnvironmentForTheLab(@TempDir Path dir) throws Exception {
        ServerOptions options = new ServerOptions();
        options.envFile = dir.resolve("env.json");
        options.writeEnvironment();
        assertThat(mechsym.lab.remote.RemoteEnvironment.checkFile(options.envFile))
                .containsEntry(
                        "logicalCpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        options.envFile = dir.resolve("no-such-folder").resolve("env.json");
        assertThatThrownBy(options::writeEnvironment)
                .hasMessageStartingWith("--env-file " + options.envFile + ": cannot be written");
    }
}
