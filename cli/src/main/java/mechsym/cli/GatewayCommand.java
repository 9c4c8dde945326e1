package mechsym.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import mechsym.tools.gateway.GatewayConfig;
import mechsym.tools.gateway.GatewayServer;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.QueueSizing;
import mechsym.tools.gateway.WorkKind;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "gateway",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {"An HTTP gateway in front of a transaction service fed by bounded queues (docs/gateway.md)."},
        subcommands = {GatewayCommand.Serve.class})
final class GatewayCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(
            name = "serve",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Serves HTTP/1.1 (keep-alive) until stopped (Ctrl-C, SIGTERM).",
                "Any request is a transaction (its body the input); GET /stats answers JSON. A full input",
                "queue answers 503 with Retry-After (policy reject). A stats line a second."
            },
            footer = {
                "",
                "Examples:",
                "  mechsym gateway serve --port 8080 --max-latency 50 --txn-time 500",
                "  curl -s localhost:8080/stats",
                "Exit codes: 0 stopped (Ctrl-C or SIGTERM), 1 could not serve (port in use), 2 bad usage,",
                "3 out of memory."
            })
    static final class Serve implements Callable<Integer> {
        @Option(
                names = "--host",
                defaultValue = "127.0.0.1",
                description = "Address to listen on (default: ${DEFAULT-VALUE}).")
        String host;

        @Option(
                names = "--port",
                defaultValue = "8080",
                description = "TCP port, 0 for any free one (default: ${DEFAULT-VALUE}).")
        int port;

        @Option(
                names = "--threads",
                defaultValue = "2",
                description = "Gateway (event-loop) threads (default: ${DEFAULT-VALUE}).")
        int threads;

        @ArgGroup(exclusive = true)
        QueueChoice queue = new QueueChoice();

        static final class QueueChoice {
            @Option(names = "--queue", description = "Input queue length, in transactions (default: 1024).")
            Integer length;

            @Option(
                    names = "--max-latency",
                    paramLabel = "MS",
                    description = "Size the queue by Little's law for this queueing latency, in ms.")
            Double maxLatencyMillis;
        }

        @Option(
                names = "--txn-time",
                paramLabel = "US",
                defaultValue = "0",
                description = "Transaction work time in microseconds (default: ${DEFAULT-VALUE}).")
        double txnMicros;

        @Option(
                names = "--service-threads",
                defaultValue = "1",
                description = "Transaction service threads, one input queue each (default: ${DEFAULT-VALUE}).")
        int serviceThreads;

        @Option(
                names = "--policy",
                defaultValue = "reject",
                description = "When the queue is full: reject (503), block, or unbounded (default: ${DEFAULT-VALUE}).")
        String policy;

        @Option(
                names = "--work",
                defaultValue = "spin",
                description = "What a transaction does for its time: spin, sleep or hash (default: ${DEFAULT-VALUE}).")
        String work;

        @Option(
                names = "--max-header-bytes",
                defaultValue = "8192",
                description = "Header limit, 431 above (default: ${DEFAULT-VALUE}).")
        int maxHeaderBytes;

        @Option(
                names = "--max-body-bytes",
                defaultValue = "65536",
                description = "Body limit, 413 above (default: ${DEFAULT-VALUE}).")
        int maxBodyBytes;

        @Option(
                names = "--max-connections",
                defaultValue = "10000",
                description = "Open connections at most (default: ${DEFAULT-VALUE}).")
        int maxConnections;

        @Option(
                names = "--request-timeout",
                paramLabel = "MS",
                defaultValue = "10000",
                description = "A request must arrive whole within this, else 408 (default: ${DEFAULT-VALUE}).")
        long requestTimeoutMillis;

        @Option(
                names = "--idle-timeout",
                paramLabel = "MS",
                defaultValue = "60000",
                description = "Idle keep-alive connections are closed after this (default: ${DEFAULT-VALUE}).")
        long idleTimeoutMillis;

        @Option(
                names = "--write-timeout",
                paramLabel = "MS",
                defaultValue = "10000",
                description =
                        "A client that does not read its response within this is dropped (default: ${DEFAULT-VALUE}).")
        long writeTimeoutMillis;

        @Option(names = "--stats-file", description = "Also append the /stats JSON to this file every second.")
        Path statsFile;

        @Option(names = "--quiet", description = "No stats line every second.")
        boolean quiet;

        @Override
        public Integer call() throws IOException {
            GatewayConfig config = config();
            checkHost();
            checkStatsFile();
            System.out.println("mechsym gateway: " + config.sizing().formula());
            GatewayServer server;
            try {
                server = GatewayServer.start(config, System.out, statsFile);
            } catch (BindException e) {
                System.err.println("mechsym: " + e.getMessage());
                return Main.EXIT_FAILED;
            }
            CompletableFuture<Integer> failed = server.fatalError().thenApply(e -> {
                System.err.println("mechsym gateway: stopping: " + e);
                return Main.EXIT_OUT_OF_MEMORY;
            });
            return ServeUntilStopped.serve(server, System.err, failed, () -> {
                System.out.println("mechsym gateway: listening on http://" + host + ":" + server.port() + "/ (policy "
                        + config.policy().id() + ", " + threads + " gateway threads, " + serviceThreads
                        + " service threads, work " + config.work().id()
                        + (config.work() == WorkKind.HASH ? " (" + server.hashRounds() + " SHA-256 rounds)" : "")
                        + ")");
                System.out.flush();
            });
        }

        /** An address that does not resolve is bad usage, said at once, not a failure to listen. */
        private void checkHost() {
            try {
                InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new Main.UsageError(
                        "--host: '" + host + "' is not an address of this machine's (it does not" + " resolve)");
            }
        }

        /** The stats file must be writable at start, not found unwritable a second later, every second. */
        private void checkStatsFile() {
            if (statsFile == null) {
                return;
            }
            try {
                Files.write(statsFile, new byte[0], StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new Main.UsageError("--stats-file: " + Main.describe(e));
            }
        }

        GatewayConfig config() {
            QueuePolicy queuePolicy = parseEnum(QueuePolicy.class, policy, "--policy");
            WorkKind workKind = parseEnum(WorkKind.class, work, "--work");
            return Main.UsageError.check(() -> {
                QueueSizing sizing = queue.maxLatencyMillis != null
                        ? QueueSizing.fromMaxLatency(queue.maxLatencyMillis, txnMicros, serviceThreads)
                        : QueueSizing.ofLength(queue.length != null ? queue.length : 1024, txnMicros, serviceThreads);
                return GatewayConfig.defaults()
                        .withAddress(host, port)
                        .withThreads(threads, serviceThreads)
                        .withService(sizing, queuePolicy, txnMicros, workKind)
                        .withLimits(maxHeaderBytes, maxBodyBytes, maxConnections)
                        .withTimeouts(
                                Duration.ofMillis(requestTimeoutMillis),
                                Duration.ofMillis(idleTimeoutMillis),
                                Duration.ofMillis(writeTimeoutMillis))
                        .withStatsEverySecond(!quiet)
                        .validate();
            });
        }
    }

    /** {@code value} as a constant of {@code type}, case-insensitive, or a usage error listing the choices. */
    static <E extends Enum<E>> E parseEnum(Class<E> type, String value, String option) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        StringBuilder choices = new StringBuilder();
        for (E constant : type.getEnumConstants()) {
            choices.append(choices.isEmpty() ? "" : ", ").append(constant.name().toLowerCase(java.util.Locale.ROOT));
        }
        throw new Main.UsageError(option + ": unknown value '" + value + "' (one of " + choices + ")");
    }
}
