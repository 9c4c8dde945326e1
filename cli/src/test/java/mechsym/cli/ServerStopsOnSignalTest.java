package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mechsym ping server} and {@code mechsym echo server} as a user runs them: a process of their
 * own, stopped by SIGTERM, which closes the server (joining its threads), prints its summary line and
 * exits 0.
 */
@Timeout(60)
class ServerStopsOnSignalTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ping server --port 0 --transport spin",
                "ping server --port 0 --transport select",
                "ping server --port 0 --transport blocking",
                "ping server --port 0 --transport udp",
                "ping server --port 7 --transport ipc --file IPC",
                "echo server --port 0 --pipeline ring",
                "echo server --port 0 --pipeline threads",
                "echo server --port 0 --pipeline disruptor"
            })
    void sigtermStopsTheServerWithItsSummaryAndExitZero(String arguments) throws Exception {
        String[] args = Arrays.stream(arguments.split(" "))
                .map(a -> a.equals("IPC") ? dir.resolve("ping.ipc").toString() : a)
                .toArray(String[]::new);
        List<String> command = CommandProcess.command(List.of(), args);
        Path log = dir.resolve("server.log");
        Process server = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            while (!Files.readString(log).contains("Ctrl-C stops it")) {
                assertThat(server.isAlive()).as(Files.readString(log)).isTrue();
                Thread.sleep(20);
            }

            server.destroy(); // SIGTERM

            assertThat(server.waitFor(10, TimeUnit.SECONDS)).as("stopped").isTrue();
            String output = Files.readString(log);
            assertThat(server.exitValue()).as(output).isZero();
            assertThat(output)
                    .containsPattern("server \\(.*\\) on .* stopped: ")
                    .doesNotContain("did not stop")
                    .doesNotContain("Exception");
            if (arguments.contains("ipc")) {
                assertThat(dir.resolve("ping.ipc")).as("removed on stop").doesNotExist();
            }
        } finally {
            server.destroyForcibly();
        }
    }
}
