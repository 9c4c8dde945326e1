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
import mechsym.tools.latency.LoadMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

@Command(
        name = "echo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "UDP echo service with capitalisation: each datagram answered with its UTF-8 text upper-cased",
            "(docs/echo.md), through a ring-buffer pipeline, the LMAX Disruptor, or a blocking thread pool."
        },
        subcommands = {EchoCommand.Server.class, EchoCommand.Client.class},
        footer = {
            "",
            "Example (two terminals):",
            "  mechsym echo server --port 9999 --pipeline ring --wait sleeping",
            "  mechsym echo client --host localhost --port 9999 --threads 2 --count 100000",
            "Exit codes: 0 done, 1 the run failed (refused, server not answering), 2 bad usage."
        })
final class EchoCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static final class PipelineConverter implements ITypeConverter<Pipeline> {
        @Override
        public Pipeline convert(String value) {
            try {
                return Pipeline.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class WaitConverter implements ITypeConverter<WaitKind> {
        @Override
        public WaitKind convert(String value) {
            try {
                return WaitKind.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    @Command(
            name = "server",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Answers each UDP datagram with its text upper-cased, until Ctrl-C; prints its counters each",
                "second they change and a summary at the end. Up to 1024 bytes; longer, invalid UTF-8, or",
                "arriving to a full ring: not answered, counted. Empty: answered empty."
            })
    static final class Server implements Callable<Integer> {
        @Option(names = "--port", required = true, paramLabel = "P", description = "UDP port to listen on.")
        int port;

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

        @Option(names = "--bind", paramLabel = "ADDR", description = "Listen on this address only (default: all).")
        String bind;

        @Override
        public Integer call() throws Exception {
            if (port < 0 || port > 65_535) {
                throw new Main.UsageError("--port must be 0..65535, not " + port);
            }
            EchoServer server = EchoServer.start(bind, port, pipeline, wait);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                System.err.println("echo server stopped: " + server.stats().toLine());
            }));
            System.err.println("echo server (" + pipeline.id()
                    + (pipeline == Pipeline.THREADS ? "" : ", " + wait.id() + " wait") + ") listening on UDP port "
                    + server.port() + "; Ctrl-C stops it");
            String last = "";
            while (true) {
                Thread.sleep(1000);
                String line = server.stats().toLine();
                if (!line.equals(last)) {
                    System.err.println("echo server: " + line);
                    last = line;
                }
            }
        }
    }

    @Command(
            name = "client",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "THREADS threads, each with its own socket, each sends COUNT lower-case text datagrams and",
                "checks the upper-cased answers; prints the round-trip distribution and the losses."
            })
    static final class Client implements Callable<Integer> {
        @Option(
                names = "--host",
                defaultValue = "localhost",
                paramLabel = "H",
                description = "Server (default localhost).")
        String host;

        @Option(names = "--port", required = true, paramLabel = "P", description = "Server UDP port.")
        int port;

        @Option(names = "--threads", defaultValue = "1", paramLabel = "N", description = "Sending threads (default 1).")
        int threads;

        @Option(
                names = "--count",
                defaultValue = "100000",
                paramLabel = "M",
                description = "Messages per thread (default 100000).")
        long count;

        @Option(names = "--size", defaultValue = "32", paramLabel = "BYTES", description = "Message size (default 32).")
        int size;

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
            latency.checkRate();
            EchoClient.Options options;
            try {
                options = new EchoClient.Options(host, port, threads, count, size, latency.rate, timeoutMillis)
                        .validate();
            } catch (IllegalArgumentException e) {
                throw new Main.UsageError(e.getMessage());
            }
            LatencyRecorder recorder =
                    new LatencyRecorder(latency.rate > 0 ? LoadMode.FIXED_RATE : LoadMode.CLOSED_LOOP);
            Thread stats = latency.json ? null : LatencyOptions.statsEverySecond(recorder, "echo");
            EchoClient.Outcome outcome;
            try {
                outcome = EchoClient.run(options, recorder);
            } finally {
                if (stats != null) {
                    stats.interrupt();
                }
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("target", host + ":" + port);
            fields.put("threads", threads);
            fields.put("size", size);
            fields.put("sent", outcome.sent());
            fields.put("answered", outcome.answered());
            fields.put("lost", outcome.lost());
            fields.put("stale", outcome.stale());
            latency.report(
                    recorder,
                    fields,
                    "echo " + host + ":" + port + " " + threads + " thread(s), sent " + outcome.sent() + ", lost "
                            + outcome.lost() + ": ");
            if (outcome.gaveUp() > 0) {
                throw new IOException("no answer from " + host + ":" + port + " to " + EchoClient.GIVE_UP_AFTER
                        + " messages in a row (is an echo server running there?)");
            }
            return Main.EXIT_OK;
        }
    }
}
