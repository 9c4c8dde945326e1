package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The network rows over a real network path on one machine: the ping, echo and gateway servers run
 * in a network namespace behind a veth pair ({@link TestNetwork}), the lab runs outside with
 * {@code --remote <the namespace's address>}, and the results show loopback and veth figures side by
 * side, labelled with the veth interface and address, with both hosts' environments. Nothing leaves
 * the machine. Needs root; skipped with the reason otherwise.
 */
class RemoteLabIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void labMeasuresServersAcrossAVethPairBesideLoopback() throws Exception {
        String unavailable = TestNetwork.unavailableBecause();
        Assumptions.assumeTrue(unavailable == null, unavailable);
        Path out = Path.of("target", "it-remote").toAbsolutePath();
        Path logs = Files.createDirectories(Path.of("target", "it-remote-logs").toAbsolutePath());
        List<Process> servers = new ArrayList<>();
        try (TestNetwork network = TestNetwork.create()) {
            String address = network.remoteAddress();
            servers.add(startInside(
                    network,
                    logs.resolve("ping.log"),
                    "listening",
                    "ping",
                    "server",
                    "--bind",
                    address,
                    "--port",
                    "9000"));
            servers.add(startInside(
                    network,
                    logs.resolve("echo.log"),
                    "listening",
                    "echo",
                    "server",
                    "--bind",
                    address,
                    "--port",
                    "9001"));
            servers.add(startInside(
                    network,
                    logs.resolve("gateway.log"),
                    "listening",
                    "gateway",
                    "serve",
                    "--host",
                    address,
                    "--port",
                    "8080"));

            Path log = logs.resolve("lab.log");
            Process lab = new ProcessBuilder(
                            "bash",
                            ROOT.resolve("mechsym").toString(),
                            "lab",
                            "tcp-ping",
                            "udp-echo",
                            "back-pressure",
                            "--profile",
                            "tiny",
                            "--quiet",
                            "--remote",
                            address,
                            "--out",
                            out.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            try {
                assertThat(lab.waitFor(5, TimeUnit.MINUTES)).as("lab finished").isTrue();
            } finally {
                lab.destroyForcibly();
            }
            String labLog = Files.readString(log);
            assertThat(lab.exitValue()).as(labLog).isZero();

            String veth = network.hostInterface() + " " + network.hostAddress() + " → " + address;
            JsonNode results =
                    new ObjectMapper().readTree(out.resolve("results.json").toFile());
            for (String[] row : List.of(
                    new String[] {"tcp-ping", "rtt-by-path"},
                    new String[] {"udp-echo", "latency-by-path"},
                    new String[] {"back-pressure", "by-path"})) {
                JsonNode experiment = experiment(results, row[0]);
                assertThat(experiment.get("status").asText()).as(row[0]).isEqualTo("OK");
                String byPath = table(experiment, row[1]).toString();
                assertThat(byPath)
                        .as(row[0] + " " + row[1])
                        .contains("\"loopback\"")
                        .contains(veth);
                String environments = table(experiment, "environments").toString();
                assertThat(environments)
                        .as(row[0] + " environments")
                        .contains("cpuModel")
                        .contains("http://" + address + ":8080/env")
                        .doesNotContain("not recorded");
            }
            String html = Files.readString(out.resolve("report.html"));
            assertThat(html).contains(veth).contains("rtt-by-path").contains("both hosts");
        } finally {
            for (Process p : servers) {
                p.destroy();
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    /** {@code mechsym ARGS} run by the launcher inside the namespace, once it printed {@code ready}. */
    private static Process startInside(TestNetwork network, Path log, String ready, String... args)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("bash", ROOT.resolve("mechsym").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(network.command(command))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end) {
            if (Files.exists(log) && Files.readString(log).contains(ready)) {
                return p;
            }
            if (!p.isAlive()) {
                throw new IOException(String.join(" ", args) + " exited: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
        p.destroyForcibly();
        throw new IOException(String.join(" ", args) + " did not start in 30 s: " + Files.readString(log));
    }

    private static JsonNode experiment(JsonNode results, String id) {
        for (JsonNode e : results.get("experiments")) {
            if (e.get("id").asText().equals(id)) {
                return e;
            }
        }
        throw new AssertionError("no experiment " + id + " in results.json");
    }

    private static JsonNode table(JsonNode experiment, String id) {
        for (JsonNode t : experiment.get("tables")) {
            if (t.get("id").asText().equals(id)) {
                return t;
            }
        }
        throw new AssertionError(
                "no table " + id + " in " + experiment.get("id").asText());
    }
}
