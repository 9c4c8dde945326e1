package mechsym.tools.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import mechsym.tools.gateway.GatewayConfig;
import mechsym.tools.gateway.GatewayServer;
import mechsym.tools.latency.LoadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class LoadGeneratorTest {
    @Test
    void holdsTheRateAgainstTheGatewayAndTimesFromTheIntendedStart() throws Exception {
        try (GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults(), null, null)) {
            LoadConfig config = LoadConfig.get(
                    URI.create("http://127.0.0.1:" + gateway.port() + "/txn"),
                    RateSchedule.fixed(400, Duration.ofMillis(500)),
                    8);
            LoadResult r = new LoadGenerator(config, null, 100).run();
            assertThat(r.intended()).isEqualTo(200);
            assertThat(r.count("200")).isEqualTo(200);
            assertThat(r.all().mode()).isEqualTo(LoadMode.FIXED_RATE);
            assertThat(r.connectionsOpened()).isBetween(1L, 8L);
            assertThat(r.timeline()).isNotEmpty();
            assertThat(r.histograms()).containsKeys("200", "all");
            assertThat(gateway.stats().get("answered")).isEqualTo(200L);
        }
    }

    @Test
    void worksAgainstAnotherServerWithChunkedAnswersAndCountsStatusesApart() throws Exception {
        HttpServer jdk = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        jdk.setExecutor(Executors.newFixedThreadPool(2));
        int[] n = {0};
        jdk.createContext("/", exchange -> {
            int status;
            synchronized (n) {
                status = n[0]++ % 2 == 0 ? 200 : 404;
            }
            exchange.sendResponseHeaders(status, 0); // 0: chunked
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("chunked body".getBytes());
            }
        });
        jdk.start();
        try {
            LoadConfig config = LoadConfig.get(
                            URI.create("http://127.0.0.1:" + jdk.getAddress().getPort() + "/"),
                            RateSchedule.parseSteps("100:200ms,200:200ms"),
                            4)
                    .withRequest("POST", "payload".getBytes(), List.of("X-Test: 1"));
            LoadResult r = new LoadGenerator(config, null).run();
            assertThat(r.count("200") + r.count("404")).isEqualTo(r.intended());
            assertThat(r.count("200")).isPositive();
            assertThat(r.count("404")).isPositive();
            assertThat(r.errors()).isEmpty();
        } finally {
            jdk.stop(0);
        }
    }

    @Test
    void aServerThatIsNotThereGivesErrorsNotAnException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LoadConfig config = LoadConfig.get(
                        URI.create("http://127.0.0.1:" + port + "/"), RateSchedule.fixed(50, Duration.ofMillis(200)), 2)
                .withDrainTimeout(Duration.ofMillis(500));
        LoadResult r = new LoadGenerator(config, null).run();
        assertThat(r.all().count()).isZero();
        assertThat(r.count("error")).isEqualTo(r.intended());
        assertThat(r.errors()).isNotEmpty();
    }

    @Test
    void aConnectThatFailsAtOnceClosesItsSocket() throws Exception {
        // connecting to the broadcast address fails inside connect() itself ("Network is unreachable")
        LoadConfig config = LoadConfig.get(
                        URI.create("http://255.255.255.255:9/"), RateSchedule.fixed(500, Duration.ofMillis(200)), 1)
                .withDrainTimeout(Duration.ofMillis(100));
        long before = openFileDescriptors();
        LoadResult r = new LoadGenerator(config, null).run();
        assertThat(r.count("error")).isEqualTo(r.intended()).isGreaterThan(50);
        assertThat(openFileDescriptors() - before).as("sockets left open").isLessThan(10);
    }

    private static long openFileDescriptors() throws java.io.IOException {
        try (var fds = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
