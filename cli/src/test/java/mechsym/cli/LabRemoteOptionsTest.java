package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.ExperimentResult;
import mechsym.lab.results.LabRun;
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
        assertThat(stderr()).contains("--remote-env " + missing + ": no such file");
    }

    @Test
    void aFailedPartExitsFourAndAFailedExperimentOne() {
        assertThat(LabCommand.exitCode(runOf(result(ExperimentResult.Status.OK, List.of()))))
                .isEqualTo(Main.EXIT_OK);
        var part = new ExperimentResult.FailedPart("remote echo server 10.0.0.2:9001", "no answer in 3000 ms");
        assertThat(LabCommand.exitCode(runOf(result(ExperimentResult.Status.OK, List.of(part)))))
                .isEqualTo(Main.EXIT_PART_FAILED)
                .isEqualTo(4);
        assertThat(LabCommand.exitCode(runOf(
                        result(ExperimentResult.Status.OK, List.of(part)),
                        result(ExperimentResult.Status.FAILED, List.of()))))
                .isEqualTo(Main.EXIT_FAILED);
    }

    private static ExperimentResult result(ExperimentResult.Status status, List<ExperimentResult.FailedPart> parts) {
        return new ExperimentResult(
                "x" + parts.size() + status,
                "t",
                null,
                null,
                status,
                status == ExperimentResult.Status.FAILED ? "broke" : null,
                1,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                null,
                List.of(),
                parts);
    }

    private static LabRun runOf(ExperimentResult... results) {
        return new LabRun(LabRun.SCHEMA, "v", "now", 1, "quick", "lab", null, List.of(results), null);
    }

    @Test
    @Timeout(30) // refused by type, before any read: a read of /dev/zero or an unwritten FIFO would hang
    void devZeroAndAFifoAreRefusedByTypeInSeconds(@TempDir Path dir) throws Exception {
        assertThat(run("lab", "tcp-ping", "--remote-env", "/dev/zero")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--remote-env /dev/zero: a character device, not a regular file");
        Path fifo = dir.resolve("env.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        ServerOptions options = new ServerOptions();
        options.envFile = fifo;
        assertThatThrownBy(options::writeEnvironment)
                .hasMessage("--env-file " + fifo + ": a FIFO (a named pipe), not a regular file");
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
