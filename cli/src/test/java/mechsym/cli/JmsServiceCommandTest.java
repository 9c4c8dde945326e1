package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import mechsym.tools.jms.EmbeddedBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmsServiceCommandTest extends CliTestBase {
    @TempDir
    Path dir;

    @Test
    void servesRequestsFromTheClientModeAgainstARealBroker() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(dir, Duration.ofSeconds(60))) {
            CompletableFuture<Integer> service = CompletableFuture.supplyAsync(
                    () -> run("jms-service", "--broker-url", broker.url(), "--queue", "cli-q", "--seconds", "4"));
            Thread.sleep(1500); // the service connects and starts its listener
            int code = run("jms-service", "--broker-url", broker.url(), "--queue", "cli-q", "--request", "hello");
            assertThat(code).as(stderr()).isZero();
            assertThat(stdout()).contains("HELLO");
            assertThat(service.get()).as(stderr()).isZero();
            assertThat(stdout()).contains("serving queue cli-q");
            assertThat(stderr()).contains("jms-service: served 1");
        }
    }

    @Test
    void noBrokerIsOneClearLine() throws Exception {
        int port = mechsym.tools.platform.FreePort.onLoopback();
        int code = run("jms-service", "--broker-url", "tcp://127.0.0.1:" + port, "--request", "hi");
        assertThat(code).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr().strip())
                .isEqualTo("mechsym: --broker-url: the server at 127.0.0.1:" + port
                        + ": refused (nothing listens on that port there)");
    }

    @Test
    void badUsageExitsTwo() {
        assertThat(run("jms-service", "--listeners", "0")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--listeners");
        assertThat(run("jms-service", "--port", "61616")).isEqualTo(Main.EXIT_USAGE);
        assertThat(run("jms-service", "--broker-url", "http://x")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--broker-url");
    }
}
