package mechsym.cli;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mechsym.tools.echo.EchoClient;
import mechsym.tools.echo.EchoServer;
import mechsym.tools.echo.Pipeline;
import mechsym.tools.echo.WaitKind;
import mechsym.tools.latency.LatencyRecorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "echo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "UDP echo service with capitalisation: each datagram answered upper-cased (docs/echo.md).",
            "Through a ring-buffer pipeline, the LMAX Disruptor, or a blocking thread pool; the text is UTF-8",
            "and upper-cased as String.toUpperCase(Locale.ROOT) does."
        },
        subcommands = {EchoCommand.Server.class, EchoCommand.Client.class},
        footer = {
            "",
            "Example (two terminals):",
            "  mechsym echo server --port 9999 --pipeline ring --wait sleeping",
            "  mechsym echo client --host localhost --port 9999 --threads 2 --count 100000",
            "Exit codes: 0 done (a server: stopped by Ctrl-C or SIGTERM), 1 the run failed (refused, server not",
            "answering, nothing measured), 2 bad usage."
        })
final class EchoCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static final class PipelineConverter extends ParsingConverter<Pipeline> {
        PipelineConverter() {
            super(Pipeline::parse);
        }
    }

    static final class WaitConverter extends ParsingConverter<WaitKind> {
        WaitConverter() {
            super(WaitKind::parse);
        }
    }

    @Command(
            name = "server",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Answers each UDP datagram with its text upper-cased, until Ctrl-C or SIGTERM.",
                "Prints its counters each second they change and a summary at the end. Up to 1024 bytes;",
                "longer, invalid UTF-8, or arriving to a full ring: not answered, counted. Empty: answered empty."
            })
    static final class Server implements Callable<Integer> {
        @Mixin
        ServerOptions listen;

        @Option(
                names = "--pipeline",
                defaultValue = "ring",
                paramLabel = "ring|threads|disruptor",
                converter = PipelineConverter.class,
                description = "ring (default: mechsym's ring buffer), threads (1 acceptor + 3 handlers), disruptor.")
        Pipeline pipeline;

        @Option(
                names = "--wait",
                defaultValue = "sleeping",
                paramLabel = "sleeping|yielding|spin|blocking",
                converter = WaitConverter.class,
                description = "How the ring pipelines' threads wait (default sleeping, the post's).")
        WaitKind wait;

        @Override
        public Integer call() throws Exception {
            listen.writeEnvironment();
            EchoServer server = EchoServer.start(listen.bind, listen.checkedPort(), pipeline, wait);
            Thread counters = Thread.ofPlatform().daemon().name("echo-counters").start(() -> printWhenChanged(server));
            try {
                return ServeUntilStopped.serve(
                        server,
                        System.err,
                        "echo server (" + pipeline.id()
                                + (pipeline == Pipeline.THREADS ? "" : ", " + wait.id() + " wait")
                                + ") listening on UDP port " + server.port() + "; Ctrl-C stops it");
            } finally {
                counters.interrupt();
                counters.join();
            }
        }

        /** Prints the server's counters each second they changed, until interrupted. */
        private static void printWhenChanged(EchoServer server) {
            String last = server.stats().toLine();
            try {
                while (true) {
                    Thread.sleep(1000);
                    String line = server.stats().toLine();
                    if (!line.equals(last)) {
                        System.err.println("echo server: " + line);
                        last = line;
                    }
                }
            } catch (InterruptedException e) {
                // the server stopped
            }
        }
    }

    @Command(
            name = "client",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Measures the echo service's round trips from THREADS client threads.",
                "Each thread, with its own socket, sends COUNT lower-case text datagrams and checks the",
                "upper-cased answers; prints the round-trip distribution and the losses."
            })
    static final class Client implements Callable<Integer> {
        @Mixin
        ClientOptions server;

        @Option(names = "--threads", defaultValue = "1", paramLabel = "N", description = "Sending threads (default 1).")
        int threads;

        @Option(
                names = "--count",
                defaultValue = "100000",
                paramLabel = "M",
                description = "Messages per thread (default 100000).")
        long count;

        @Option(
                names = "--timeout",
                defaultValue = "500",
                paramLabel = "MS",
                description = "Wait this long for each answer, then count it lost (default 500).")
        long timeoutMillis;

        @Mixin
        LatencyOptions latency;

        @Override
        public Integer call() throws IOException, InterruptedException {
            EchoClient.Options options = Main.UsageError.check(() -> new EchoClient.Options(
                            server.host, server.port, threads, count, server.size, latency.rate, timeoutMillis)
                    .validate());
            LatencyRecorder recorder = latency.newRecorder();
            EchoClient.Outcome outcome =
                    latency.whileShowingStats(recorder, "echo", () -> EchoClient.run(options, recorder));
            if (outcome.answered() == 0) {
                throw new IOException(outcome.whyNothingMeasured(options));
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("target", server.target());
            fields.put("threads", threads);
            fields.put("size", server.size);
            fields.put("sent", outcome.sent());
            fields.put("answered", outcome.answered());
            fields.put("lost", outcome.lost());
            fields.put("stale", outcome.stale());
            latency.report(
                    recorder,
                    fields,
                    "echo " + server.target() + " " + threads + " thread(s), sent " + outcome.sent() + ", lost "
                            + outcome.lost() + ": ");
            if (outcome.gaveUp() > 0) {
                throw new IOException("no answer from " + server.target() + " to " + EchoClient.GIVE_UP_AFTER
                        + " messages in a row (is an echo server running there?)");
            }
            return Main.EXIT_OK;
        }
    }
}
