package mechsym.lab.experiments.backpressure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mechsym.lab.RunContext;
import mechsym.tools.gateway.QueuePolicy;
import mechsym.tools.gateway.WorkKind;
import org.HdrHistogram.Histogram;

/**
 * A server child of the back-pressure row (mechsym's gateway or the plain JDK handler) in its own
 * small-heap JVM, with the samples it writes every 100 ms: started, restarted after it died, read back,
 * stopped. Not thread-safe.
 */
final class ServerUnderLoad implements AutoCloseable {
    /** The child's heap: small, so an unbounded queue that grows hits it within the run. */
    static final String CHILD_HEAP = "-Xmx64m";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final ServerChild.Input input;
    private final Path samplesFile;
    private ServerProcess process;

    /**
     * One sample of the child's state, from the gateway's /stats (the plain JDK server has no alerts or
     * transaction times: 0 and NaN).
     *
     * @param seconds since the instant the samples were asked from
     * @param answered transactions answered since the child started
     * @param alerts upward crossings of the 70% alert level since the child started
     * @param txnP50Micros the sampled transaction times' median since the child started (/stats refreshes
     *     it once a second)
     * @param txnP99Micros their p99, likewise
     * @param readToWrite the gateway's read-to-write histogram so far, encoded, or null when not asked for
     */
    record Sample(
            double seconds,
            int depth,
            long inFlight,
            long answered,
            double heapMiB,
            long alerts,
            double txnP50Micros,
            double txnP99Micros,
            String readToWrite) {}

    private ServerUnderLoad(String name, ServerChild.Input input, Path samplesFile) {
        this.name = name;
        this.input = input;
        this.samplesFile = samplesFile;
    }

    /**
     * mechsym's gateway with {@code policy}, a queue of {@code length}, {@code txnMicros} of sleep per
     * transaction; {@code readToWrite}: its samples carry the read-to-write histogram.
     */
    static ServerUnderLoad gateway(
            RunContext context,
            QueuePolicy policy,
            int length,
            double txnMicros,
            int serviceThreads,
            int gatewayThreads,
            boolean readToWrite)
            throws IOException, InterruptedException {
        String name = "gateway-" + policy.id() + (txnMicros == 0 ? "-idle" : "");
        Path samples = context.workDir().resolve(name + "-samples.jsonl");
        ServerChild.Input input = new ServerChild.Input(
                samples.toString(),
                new ServerChild.Gateway(
                        policy, length, txnMicros, serviceThreads, gatewayThreads, WorkKind.SLEEP, readToWrite));
        ServerUnderLoad server = new ServerUnderLoad(name, input, samples);
        server.restart(context);
        return server;
    }

    static ServerUnderLoad plainJdk(RunContext context) throws IOException, InterruptedException {
        Path samples = context.workDir().resolve("jdk-plain-samples.jsonl");
        ServerUnderLoad server =
                new ServerUnderLoad("jdk-plain", new ServerChild.Input(samples.toString(), null), samples);
        server.restart(context);
        return server;
    }

    void restart(RunContext context) throws IOException, InterruptedException {
        if (process != null) {
            process.close();
        }
        Files.createDirectories(context.workDir());
        List<String> command = context.fork(ServerChild.class)
                .jvmArgs(CHILD_HEAP, "-XX:+ExitOnOutOfMemoryError")
                .input(input)
                .command();
        process = ServerProcess.start(command, context.workDir().resolve(name + ".log"));
    }

    /** The child now running (a restart replaces it): its port, whether it lives, its exit and log. */
    ServerProcess process() {
        return process;
    }

    int port() {
        return process.port();
    }

    /** Samples taken between the two instants, timed from {@code fromMillis}. */
    List<Sample> samples(long fromMillis, long toMillis) throws IOException {
        List<Sample> samples = new ArrayList<>();
        if (!Files.exists(samplesFile)) {
            return samples;
        }
        for (String line : Files.readAllLines(samplesFile)) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException e) {
                continue; // a line cut by the child's exit
            }
            long at = n.path("epochMillis").asLong();
            if (at >= fromMillis && at <= toMillis) {
                JsonNode txn = n.path("transactionTime");
                JsonNode histogram = n.path(ServerChild.READ_TO_WRITE);
                samples.add(new Sample(
                        (at - fromMillis) / 1000.0,
                        n.path("queueDepth").asInt(),
                        n.path("inFlight").asLong(),
                        n.path("answered").asLong(),
                        n.path("heapUsedBytes").asLong() / (1024.0 * 1024.0),
                        n.path("alerts").asLong(),
                        micros(txn, "p50Nanos"),
                        micros(txn, "p99Nanos"),
                        histogram.isTextual() ? histogram.asText() : null));
            }
        }
        return samples;
    }

    /**
     * Answers per second by the server's own /stats counter between the two instants, its count at
     * each read between the samples either side of it (they come every 100 ms). {@code NaN} without
     * samples on both sides of both instants.
     */
    double answeredPerSecond(long fromMillis, long toMillis) throws IOException {
        List<Sample> all = samples(0, Long.MAX_VALUE); // timed from 0: at epoch milliseconds
        double from = answeredAt(all, fromMillis);
        double to = answeredAt(all, toMillis);
        return (to - from) / ((toMillis - fromMillis) / 1000.0);
    }

    /** The answered count at {@code millis}, read linearly between the samples either side; NaN if none. */
    private static double answeredAt(List<Sample> samples, long millis) {
        for (int i = 1; i < samples.size(); i++) {
            double before = samples.get(i - 1).seconds() * 1000;
            double after = samples.get(i).seconds() * 1000;
            if (before <= millis && millis <= after) {
                double share = after > before ? (millis - before) / (after - before) : 0;
                long a = samples.get(i - 1).answered();
                return a + share * (samples.get(i).answered() - a);
            }
        }
        return Double.NaN;
    }

    /**
     * The read-to-write latencies (nanoseconds) recorded between the last sample at or before {@code
     * fromMillis} and the first at or after {@code toMillis}; {@code null} without such samples (or
     * when the child was not asked for its histogram).
     */
    Histogram readToWrite(long fromMillis, long toMillis) throws IOException {
        Sample before = null;
        Sample after = null;
        for (Sample s : samples(0, Long.MAX_VALUE)) { // timed from 0: at epoch milliseconds
            long at = Math.round(s.seconds() * 1000);
            if (at <= fromMillis) {
                before = s;
            } else if (at >= toMillis && after == null) {
                after = s;
            }
        }
        if (before == null || after == null || before.readToWrite() == null || after.readToWrite() == null) {
            return null;
        }
        Histogram window = ServerChild.decode(after.readToWrite());
        window.subtract(ServerChild.decode(before.readToWrite()));
        return window;
    }

    /** The alert count of the last sample before {@code millis}, 0 when there is none. */
    long alertsBefore(long millis) throws IOException {
        List<Sample> before = samples(0, millis - 1);
        return before.isEmpty() ? 0 : before.getLast().alerts();
    }

    private static double micros(JsonNode summary, String field) {
        JsonNode v = summary.path(field);
        return summary.path("count").asLong() > 0 && v.isNumber() ? v.asLong() / 1000.0 : Double.NaN;
    }

    /** Waits until the last sample shows nothing in flight (or the time runs out). */
    void waitUntilIdle(long timeoutMillis) throws IOException, InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < end && process.isAlive()) {
            List<Sample> recent = samples(System.currentTimeMillis() - 300, System.currentTimeMillis());
            if (!recent.isEmpty() && recent.getLast().inFlight() == 0) {
                return;
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
