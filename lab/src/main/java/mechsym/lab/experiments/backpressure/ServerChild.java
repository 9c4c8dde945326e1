package mechsym.lab.experiments.backpressure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import mechsym.lab.ForkedJvm;
import mechsym.tools.gateway.GatewayConfig;
import mechsym.tools.gateway.GatewayServer;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.QueueSizing;
import mechsym.tools.gateway.WorkKind;
import mechsym.tools.platform.ExitOnStdinClose;
import org.HdrHistogram.Histogram;

/**
 * The server side of the back-pressure experiment, in its own JVM (its own small heap): either
 * mechsym's gateway or the plainest JDK {@code HttpServer} handler. Prints {@code @ready PORT},
 * appends a sample (time, the gateway's /stats: queue depth, counters, 70% alerts, transaction times;
 * heap used) every 100 ms to a JSON-lines file, and
 * exits when its standard input closes, so it cannot outlive the lab. With {@code read-to-write} the
 * gateway's samples also carry its read-to-write histogram so far ({@value #READ_TO_WRITE}: HdrHistogram's
 * compressed encoding in Base64, nanoseconds), from which the lab takes the p99 of one run's window.
 *
 * <p>Its {@link Input}: the samples' file, and the gateway's settings (null for the plain JDK
 * server).
 */
public final class ServerChild {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The samples' field holding the gateway's read-to-write histogram, when asked for. */
    static final String READ_TO_WRITE = "readToWriteHistogram";

    private ServerChild() {}

    /**
     * mechsym's gateway: its queue's policy and length, the work per transaction, its thread counts,
     * and whether its samples carry the read-to-write histogram.
     */
    public record Gateway(
            QueuePolicy policy,
            int queueLength,
            double txnMicros,
            int serviceThreads,
            int gatewayThreads,
            WorkKind work,
            boolean readToWrite) {}

    /** The child's one input: where its samples go, and the gateway to serve (null: the plain JDK server). */
    public record Input(String samples, Gateway gateway) {}

    public static void main(String[] args) throws Exception {
        Input input = ForkedJvm.input(args, Input.class);
        if (input.gateway() == null) {
            servePlainJdk(Path.of(input.samples()));
        } else {
            serveGateway(input.gateway(), Path.of(input.samples()));
        }
    }

    private static void serveGateway(Gateway gateway, Path samples) throws Exception {
        QueuePolicy policy = gateway.policy();
        int length = gateway.queueLength();
        double txnMicros = gateway.txnMicros();
        int services = gateway.serviceThreads();
        int gatewayThreads = gateway.gatewayThreads();
        WorkKind work = gateway.work();
        GatewayConfig config = GatewayConfig.defaults()
                .withThreads(gatewayThreads, services)
                .withService(QueueSizing.ofLength(length, txnMicros, services), policy, txnMicros, work)
                .withLimits(8 * 1024, 64 * 1024, 20_000);
        try (GatewayServer server = GatewayServer.start(config, System.out, null)) {
            System.out.println("@ready " + server.port());
            System.out.flush();
            boolean readToWrite = gateway.readToWrite();
            sampleUntilStdinCloses(samples, () -> {
                Map<String, Object> s = server.stats();
                s.remove("gatewayLatency"); // the transaction times stay: the post's sampled transaction times
                if (readToWrite) {
                    s.put(READ_TO_WRITE, encode(server.readToWriteHistogram()));
                }
                return s;
            });
        }
    }

    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a read-to-write histogram in the samples is not readable: " + e, e);
        }
    }

    /** The same handler written the plainest way: JDK HttpServer, its default executor, "ok". */
    private static void servePlainJdk(Path samples) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        byte[] ok = "ok\n".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, ok.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(ok);
            }
        });
        server.start();
        try {
            System.out.println("@ready " + server.getAddress().getPort());
            System.out.flush();
            sampleUntilStdinCloses(samples, LinkedHashMap::new);
        } finally {
            server.stop(0);
        }
    }

    private static void sampleUntilStdinCloses(Path file, java.util.function.Supplier<Map<String, Object>> stats)
            throws IOException, InterruptedException {
        Thread sampler = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Map<String, Object> s = stats.get();
                    s.put("epochMillis", System.currentTimeMillis());
                    s.put(
                            "heapUsedBytes",
                            ManagementFactory.getMemoryMXBean()
                                    .getHeapMemoryUsage()
                                    .getUsed());
                    Files.writeString(
                            file,
                            JSON.writeValueAsString(s) + "\n",
                            StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                System.err.println("samples: " + e.getMessage());
            }
        });
        ExitOnStdinClose.await(); // the parent closes our stdin to stop us, or dies
        sampler.interrupt();
        sampler.join(1_000);
    }
}
