package mechsym.cli;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import mechsym.tools.OptionCheck;
import mechsym.tools.ServerFiles;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.jms.JmsConnections;
import mechsym.tools.jms.Requester;
import mechsym.tools.jms.UpperCaseService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "jms-service",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "The seed's JMS request-reply service: each TextMessage on the queue is",
            "answered with its text upper-cased, sent to its JMSReplyTo with its",
            "correlation id (its message id when it has none). Malformed requests",
            "(not text, no reply-to) are counted and logged; the service keeps serving.",
            "With --request TEXT it is the client instead: one request, the reply printed."
        },
        footer = {
            "",
            "Examples:",
            "  mechsym jms-service --embedded --port 61616   # its own broker, and the service",
            "  mechsym jms-service --request hello           # another terminal: prints HELLO",
            "  mechsym lab jms-load --broker-url tcp://127.0.0.1:61616",
            "",
            "Exit codes: 0 stopped, 1 the broker could not be reached or was lost, 2 bad usage."
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
        if (request != null) {
            try {
                System.out.println(Requester.request(factory, queue, request, 10_000));
                return Main.EXIT_OK;
            } catch (JMSException e) {
                System.err.println("mechsym: jms-service --request: " + brokerUrl + ": " + e.getMessage());
                return Main.EXIT_FAILED;
            }
        }
        if (!embedded) {
            return serve(factory, brokerUrl);
        }
        Path folder = Files.createTempDirectory("mechsym-broker-");
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
            System.err.println("mechsym: jms-service: cannot connect to the broker at " + url + ": " + e.getMessage());
            return Main.EXIT_FAILED;
        }
        Thread stopper = new Thread(() -> closeQuietly(service), "jms-service-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        System.out.println("jms-service: serving queue " + queue + " at " + url + " with " + listeners + " listener"
                + (listeners > 1 ? "s" : "") + (seconds > 0 ? " for " + seconds + " s" : "; Ctrl-C stops"));
        long deadline =
                seconds > 0 ? System.nanoTime() + Duration.ofSeconds(seconds).toNanos() : Long.MAX_VALUE;
        String lastLine = "";
        String lost = null;
        while (System.nanoTime() < deadline) {
            long left = Math.min(10_000, Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            lost = service.awaitConnectionLoss(left);
            if (lost != null) {
                break;
            }
            String line = service.statsLine();
            if (!line.equals(lastLine)) {
                System.out.println("jms-service: " + line);
                lastLine = line;
            }
        }
        System.out.println("jms-service: " + service.statsLine());
        closeQuietly(service);
        try {
            Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: nothing to remove
        }
        if (lost != null) {
            System.err.println("mechsym: jms-service: lost the broker at " + url + ": " + lost);
            return Main.EXIT_FAILED;
        }
        return Main.EXIT_OK;
    }

    private static void closeQuietly(UpperCaseService service) {
        try {
            service.close();
        } catch (JMSException e) {
            System.err.println("jms-service: closing: " + e.getMessage());
        }
    }
}
