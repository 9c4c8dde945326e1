package mechsym.cli;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import mechsym.tools.OptionCheck;
import mechsym.tools.ServerFiles;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.jms.JmsConnections;
import mechsym.tools.jms.Requester;
import mechsym.tools.jms.UpperCaseService;
import mechsym.tools.platform.ConnectCheck;
import mechsym.tools.platform.TerminalText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "jms-service",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "The seed's JMS request-reply service: each TextMessage answered upper-cased.",
            "The reply goes to the request's JMSReplyTo with its correlation id (its message id when it",
            "has none). Malformed requests (not text, no reply-to) are counted and logged; the service",
            "keeps serving.",
            "With --request TEXT it is the client instead: one request, the reply printed."
        },
        footer = {
            "",
            "Examples:",
            "  mechsym jms-service --embedded --port 61616   # its own broker, and the service",
            "  mechsym jms-service --request hello           # another terminal: prints HELLO",
            "  mechsym lab jms-load --broker-url tcp://127.0.0.1:61616",
            "",
            "Exit codes: 0 stopped (Ctrl-C, SIGTERM or --seconds over), 1 the broker could not be reached or was",
            "lost, 2 bad usage."
        })
final class JmsServiceCommand implements Callable<Integer> {
    @Option(
            names = "--broker-url",
            paramLabel = "URL",
            description = "an Artemis broker to use (default: ${DEFAULT-VALUE})",
            defaultValue = "tcp://127.0.0.1:61616")
    String brokerUrl;

    @Option(
            names = "--embedded",
            description = "start an Artemis broker of its own (its own JVM, journal in a temporary folder"
                    + " removed on exit) on 127.0.0.1 --port")
    boolean embedded;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "with --embedded: the broker's port (default: a free one, printed)")
    Integer port;

    @Option(
            names = "--queue",
            paramLabel = "NAME",
            defaultValue = "jmstestq",
            description = "default: ${DEFAULT-VALUE}")
    String queue;

    @Option(
            names = "--listeners",
            paramLabel = "N",
            defaultValue = "1",
            description = "consumers on the queue, each one message at a time (default: ${DEFAULT-VALUE}, as in the"
                    + " post)")
    int listeners;

    @Option(
            names = "--seconds",
            paramLabel = "S",
            defaultValue = "0",
            description = "serve for S seconds, then stop (default 0: until Ctrl-C)")
    long seconds;

    @Option(names = "--request", paramLabel = "TEXT", description = "client: send TEXT, print the reply, exit")
    String request;

    @Override
    public Integer call() throws Exception {
        if (listeners < 1) {
            throw new Main.UsageError("--listeners: must be at least 1, not " + listeners);
        }
        if (seconds < 0) {
            throw new Main.UsageError("--seconds: must be 0 (until Ctrl-C) or more, not " + seconds);
        }
        if (port != null && !embedded) {
            throw new Main.UsageError("--port: only with --embedded (give the broker's URL with --broker-url)");
        }
        if (port != null) {
            Main.UsageError.check(() -> OptionCheck.port("--port", port, false));
        }
        if (embedded && request != null) {
            throw new Main.UsageError("--request: a client needs a running broker; give --broker-url, not --embedded");
        }
        ConnectionFactory factory;
        try {
            factory = embedded ? null : JmsConnections.forUrl(brokerUrl);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageError("--broker-url: " + e.getMessage());
        }
        ConnectCheck.Endpoint server = embedded ? null : ConnectCheck.ofBrokerUrl(brokerUrl);
        if (server != null) {
            ConnectCheck.check("--broker-url", server, ConnectCheck.TIMEOUT); // fails in seconds, naming host:port
        }
        if (request != null) {
            try {
                System.out.println(TerminalText.escape(Requester.request(factory, queue, request, 10_000)));
                return Main.EXIT_OK;
            } catch (JMSException e) {
                System.err.println(
                        "mechsym: jms-service --request: " + brokerUrl + ": " + TerminalText.escape(e.getMessage()));
                return Main.EXIT_FAILED;
            }
        }
        if (!embedded) {
            return serve(factory, brokerUrl);
        }
        // a jms-service killed with -9 could not remove its folder: the next one does
        Path folder = ServerFiles.temporaryFolder(Path.of(System.getProperty("java.io.tmpdir")), "mechsym-broker-");
        try (EmbeddedBroker broker = port != null
                ? EmbeddedBroker.start(folder, port, Duration.ofSeconds(60))
                : EmbeddedBroker.start(folder, Duration.ofSeconds(60))) {
            System.out.println("jms-service: Artemis broker started at " + broker.url() + " (its own JVM; log "
                    + broker.log() + ")");
            return serve(JmsConnections.forUrl(broker.url()), broker.url());
        } finally {
            ServerFiles.deleteTree(folder);
        }
    }

    private int serve(ConnectionFactory factory, String url) throws InterruptedException {
        UpperCaseService service;
        try {
            service = UpperCaseService.start(factory, queue, listeners, System.err);
        } catch (JMSException e) {
            System.err.println("mechsym: jms-service: cannot connect to the broker at " + url + ": "
                    + TerminalText.escape(e.getMessage()));
            return Main.EXIT_FAILED;
        }
        CompletableFuture<Integer> ended = new CompletableFuture<>();
        Thread watcher = Thread.ofPlatform().daemon().name("jms-service-watch").start(() -> watch(service, url, ended));
        try {
            return ServeUntilStopped.serve(service, System.err, ended, () -> {
                System.out.println("jms-service: serving queue " + queue + " at " + url + " with " + listeners
                        + " listener" + (listeners > 1 ? "s" : "")
                        + (seconds > 0 ? " for " + seconds + " s" : "; Ctrl-C stops"));
                System.out.flush();
            });
        } finally {
            watcher.interrupt();
            watcher.join();
        }
    }

    /**
     * Until interrupted: a stats line when the counts changed (every 10 s at most), and {@code ended}
     * completed with 0 when --seconds are up, or 1 when the broker is lost.
     */
    private void watch(UpperCaseService service, String url, CompletableFuture<Integer> ended) {
        long deadline =
                seconds > 0 ? System.nanoTime() + Duration.ofSeconds(seconds).toNanos() : Long.MAX_VALUE;
        String lastLine = service.statsLine();
        try {
            while (System.nanoTime() < deadline) {
                long left = Math.min(10_000, Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                String lost = service.awaitConnectionLoss(left);
                if (lost != null) {
                    System.err.println("mechsym: jms-service: lost the broker at " + url + ": "
                            + TerminalText.escape(String.valueOf(lost)));
                    ended.complete(Main.EXIT_FAILED);
                    return;
                }
                String line = service.statsLine();
                if (!line.equals(lastLine)) {
                    System.out.println("jms-service: " + line);
                    lastLine = line;
                }
            }
            ended.complete(Main.EXIT_OK);
        } catch (InterruptedException e) {
            // stopped by a signal: the server is being closed
        }
    }
}
