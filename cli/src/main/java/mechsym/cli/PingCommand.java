package mechsym.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.ping.PingClient;
import mechsym.tools.ping.PingOptions;
import mechsym.tools.ping.PingServer;
import mechsym.tools.ping.Transport;
import mechsym.tools.platform.TerminalText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "ping",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Round-trip latency baseline: a client sends SIZE bytes, the server echoes them back (docs/ping.md).",
            "Transports: spin, selectnow, select, blocking (TCP), udp, ipc (memory-mapped file, no network)."
        },
        subcommands = {PingCommand.Server.class, PingCommand.Client.class},
        footer = {
            "",
            "Example (two terminals):",
            "  mechsym ping server --port 9000 --transport spin --cpu 0",
            "  mechsym ping client --host localhost --port 9000 --transport spin --cpu 1 --count 100000",
            "Exit codes: 0 done (a server: stopped by Ctrl-C or SIGTERM), 1 the run failed (refused, no answer",
            "in time, nothing measured), 2 bad usage."
        })
final class PingCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Parses a transport id with a one-line error listing the valid ones. */
    static final class TransportConverter extends ParsingConverter<Transport> {
        TransportConverter() {
            super(Transport::parse);
        }
    }

    /** {@code --transport}, the same for the server and the client. */
    static final class TransportOption {
        @Option(
                names = "--transport",
                defaultValue = "spin",
                paramLabel = "T",
                converter = TransportConverter.class,
                description = "spin (default), selectnow, select, blocking, udp, ipc.")
        Transport transport;
    }

    @Command(
            name = "server",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Echoes every byte each client sends, until Ctrl-C or SIGTERM.",
                "TCP: any number of clients, a thread each; UDP: each datagram back to its sender; ipc:",
                "requests in a memory-mapped file."
            })
    static final class Server implements Callable<Integer> {
        @Mixin
        ServerOptions listen;

        @Mixin
        TransportOption how;

        @Option(names = "--cpu", paramLabel = "N", description = "Pin the serving threads to CPU N.")
        Integer cpu;

        @Option(
                names = "--file",
                paramLabel = "F",
                description = "ipc: the mapped file (default /dev/shm/mechsym-ping-P).")
        Path file;

        @Override
        public Integer call() throws Exception {
            int port = listen.checkedPort();
            Main.UsageError.check(() -> PingOptions.checkCpu(cpu));
            listen.writeEnvironment();
            PingServer server = PingServer.start(listen.bind, port, how.transport, cpu, file);
            // an ipc file truncated or removed under the server: say so, naming it, and exit non-zero
            java.util.concurrent.CompletableFuture<Integer> ended = server.failed()
                    .thenApply(why -> {
                        System.err.println("mechsym: ping server stopped serving: " + TerminalText.escape(why));
                        return Main.EXIT_FAILED;
                    });
            String ready = "ping server (" + how.transport.id() + ") "
                    + (how.transport == Transport.IPC ? "on " + server.ipcPath() : "listening on port " + server.port())
                    + (cpu != null ? ", pinned to CPU " + cpu : "") + "; Ctrl-C stops it";
            return ServeUntilStopped.serve(server, System.err, ended, () -> System.err.println(ready));
        }
    }

    @Command(
            name = "client",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Measures round trips to a ping server and prints their latency distribution.",
                "Sends COUNT messages of SIZE bytes after WARMUP unmeasured ones, one at a time; prints min,",
                "mean, p50..p99.99 and max (closed loop, or at a fixed --rate)."
            })
    static final class Client implements Callable<Integer> {
        @Mixin
        ClientOptions server;

        @Mixin
        TransportOption how;

        @Option(
                names = "--count",
                defaultValue = "100000",
                paramLabel = "N",
                description = "Measured round trips (default 100000).")
        long count;

        @Option(
                names = "--warmup",
                defaultValue = "20000",
                paramLabel = "W",
                description = "Unmeasured round trips first (default 20000).")
        long warmup;

        @Option(names = "--cpu", paramLabel = "N", description = "Pin the client thread to CPU N.")
        Integer cpu;

        @Option(
                names = "--timeout",
                defaultValue = "2000",
                paramLabel = "MS",
                description = "Wait this long for an answer (default 2000): TCP/ipc then fail, UDP counts a loss.")
        long timeoutMillis;

        @Option(
                names = "--file",
                paramLabel = "F",
                description = "ipc: the server's mapped file (default /dev/shm/mechsym-ping-P, P the --port).")
        Path file;

        @Mixin
        LatencyOptions latency;

        @Override
        public Integer call() throws IOException, InterruptedException {
            PingOptions options = Main.UsageError.check(() -> new PingOptions(
                            server.host,
                            server.port,
                            how.transport,
                            server.size,
                            count,
                            warmup,
                            latency.rate,
                            cpu,
                            timeoutMillis,
                            file)
                    .validate());
            LatencyRecorder recorder = latency.newRecorder();
            PingClient.Outcome outcome =
                    latency.whileShowingStats(recorder, "ping", () -> PingClient.run(options, recorder));
            if (outcome.measured() == 0) {
                throw new IOException(outcome.whyNothingMeasured(timeoutMillis));
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("target", outcome.target());
            fields.put("transport", how.transport.id());
            fields.put("size", server.size);
            fields.put("sent", outcome.sent());
            fields.put("lost", outcome.lost());
            fields.put("cpu", cpu);
            latency.report(
                    recorder,
                    fields,
                    "ping " + outcome.target() + " " + how.transport.id() + " " + server.size + " B"
                            + (outcome.lost() > 0 ? ", lost " + outcome.lost() : "") + ": ");
            return Main.EXIT_OK;
        }
    }
}
