package mechsym.tools.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.platform.RunningServer;
import mechsym.tools.platform.ServerThreads;
import org.HdrHistogram.Histogram;

/**
 * The HTTP gateway of the seed "Applying Back Pressure When Overloaded": event-loop threads
 * (protocol translation only) in front of a {@link TransactionService} fed by bounded queues; a
 * full queue answers {@code 503} with {@code Retry-After}.
 *
 * <pre>
 *  clients ─HTTP/1.1─▶ gateway threads ─▶ input queues ─▶ service threads
 *          ◀─────────── (output queues) ◀────────────────┘
 * </pre>
 *
 * <p>{@code GET /stats} answers JSON: queue depth and capacity, accepted, rejected, answered, in
 * flight, alerts, bad requests, timeouts, connections, heap used, and the transaction and gateway
 * latency percentiles (at most one stats interval old). Any other request is a transaction: its
 * body is the transaction's input, the answer's body its output.
 *
 * <p><b>Threads that die:</b> an event loop or service thread ended by an exception or error is
 * logged and listed under {@code deadThreads} in {@code /stats}; a {@link VirtualMachineError}
 * (out of memory) also completes {@link #fatalError()}, for the process to exit rather than linger
 * answering nothing.
 *
 * <p>Thread safety: {@link #start} once; {@link #stats()} and {@link #close()} from any thread.
 */
public final class GatewayServer implements RunningServer {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GatewayConfig config;
    private final GatewayCounters counters = new GatewayCounters();
    // measured inside the server, from a request's arrival: waits before that (accept backlog, TCP) are not seen
    private final LatencyRecorder gatewayLatency = new LatencyRecorder(LoadMode.CLOSED_LOOP);
    private final TransactionService service;
    private final BufferBudget budget;
    private final ServerSocketChannel listener;
    private final List<EventLoop> loops = new ArrayList<>();
    private final ServerThreads threads = new ServerThreads("gateway");
    private final Map<String, String> deadThreads = new ConcurrentSkipListMap<>();
    private final CompletableFuture<Throwable> fatalError = new CompletableFuture<>();
    private final PrintStream statsOut;
    private final Path statsFile;
    private final long startNanos = System.nanoTime();
    private volatile LatencySummary transactionTotal;
    private volatile LatencySummary gatewayTotal;
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();

    /** What tests replace: each service thread's work, and a check as each gateway thread opens. */
    record Parts(IntFunction<TransactionService.Work> work, IntConsumer openingLoop, BufferBudget budget) {
        static Parts of(GatewayConfig config) {
            return new Parts(
                    _ -> new TransactionWork(config.work(), config.transactionMicros()),
                    _ -> {},
                    BufferBudget.quarterOfTheHeap());
        }
    }

    private GatewayServer(GatewayConfig config, PrintStream statsOut, Path statsFile, Parts parts) throws IOException {
        this.config = config.validate();
        this.statsOut = statsOut;
        this.statsFile = statsFile;
        this.budget = parts.budget();
        InetSocketAddress address = new InetSocketAddress(config.host(), config.port());
        if (address.isUnresolved()) {
            throw new UnknownHostException(
                    "cannot listen on " + config.host() + ":" + config.port() + ": the host does not resolve");
        }
        this.listener = ServerSocketChannel.open();
        try {
            listener.bind(address, 4096);
            listener.configureBlocking(false);
        } catch (BindException e) {
            listener.close();
            throw new BindException("cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            listener.close();
            throw e;
        }
        try {
            this.service = new TransactionService(config, counters, parts.work());
            this.transactionTotal = service.transactionTimes().total();
            this.gatewayTotal = gatewayLatency.total();
            for (int i = 0; i < config.gatewayThreads(); i++) {
                parts.openingLoop().accept(i);
                loops.add(new EventLoop(
                        i, config, counters, service, listener, this::statsJson, gatewayLatency, parts.budget()));
            }
        } catch (IOException | RuntimeException | Error e) {
            // nothing has started yet: release what was opened
            loops.forEach(EventLoop::closeUnstarted);
            listener.close();
            throw e;
        }
    }

    /**
     * Binds and starts the gateway. {@code statsOut} gets a stats line every second when the config
     * says so; {@code statsFile}, if not {@code null}, gets the {@code /stats} JSON every second, one
     * object per line (works even while gateway threads are blocked).
     *
     * @throws java.net.BindException naming the address when the port is taken
     */
    public static GatewayServer start(GatewayConfig config, PrintStream statsOut, Path statsFile) throws IOException {
        return start(config, statsOut, statsFile, Parts.of(config));
    }

    static GatewayServer start(GatewayConfig config, PrintStream statsOut, Path statsFile, Parts parts)
            throws IOException {
        GatewayServer server = new GatewayServer(config, statsOut, statsFile, parts);
        try {
            server.service.start(server.threads, server::died);
            server.loops.forEach(loop -> loop.start(server.threads, server::died));
            server.threads.start("mechsym-gateway-stats", () -> {
                try {
                    server.tick();
                } catch (RuntimeException | Error e) {
                    server.died("mechsym-gateway-stats", e);
                }
            });
        } catch (RuntimeException | Error e) {
            server.close(); // e.g. no native thread for one more: stop those that did start
            throw e;
        }
        return server;
    }

    /** A thread of the server ended by {@code failure}: logged, listed in /stats, fatal if the JVM is failing. */
    private void died(String thread, Throwable failure) {
        deadThreads.put(thread, String.valueOf(failure));
        System.err.println("mechsym gateway: thread " + thread + " died: " + failure);
        if (failure instanceof VirtualMachineError) {
            fatalError.complete(failure);
        }
    }

    /**
     * Completes with the error when a thread of the server died of a {@link VirtualMachineError}
     * (out of memory, stack overflow): the server cannot be trusted to serve any more.
     */
    public CompletableFuture<Throwable> fatalError() {
        return fatalError;
    }

    @Override
    public String address() {
        return "http://" + config.host() + ":" + port() + "/";
    }

    @Override
    public String summary() {
        return "mechsym gateway: accepted " + counters.accepted.sum() + ", rejected " + counters.rejected.sum()
                + ", answered " + counters.answered.sum() + ", bad requests " + counters.badRequests.sum()
                + ", timeouts " + counters.timeouts.sum() + ", answers dropped " + counters.answersDropped.sum()
                + ", connections " + counters.connectionsAccepted.sum()
                + (deadThreads.isEmpty() ? "" : ", dead threads " + deadThreads.keySet());
    }

    /** The port listened on (the chosen one when the config said 0). */
    public int port() {
        try {
            return ((InetSocketAddress) listener.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new IllegalStateException("the listening socket is closed", e);
        }
    }

    /** SHA-256 rounds per {@link WorkKind#HASH} transaction, as calibrated at start. */
    public int hashRounds() {
        return service.hashRounds();
    }

    /**
     * A copy of every read-to-write latency so far (nanoseconds, from a request read in full to its
     * answer written): the histogram behind {@code gatewayLatency} in {@link #stats}, current to this
     * call. Any thread.
     */
    public Histogram readToWriteHistogram() {
        return gatewayLatency.totalHistogram();
    }

    /** What {@code GET /stats} answers, as a map. */
    public Map<String, Object> stats() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uptimeMillis", (System.nanoTime() - startNanos) / 1_000_000);
        s.put("policy", config.policy().id());
        s.put("queueDepth", service.depth());
        s.put(
                "queueLength",
                config.policy() == QueuePolicy.UNBOUNDED ? -1 : config.sizing().length());
        s.put("sizedLatencyMicros", config.sizing().maxLatencyMicros());
        s.put("accepted", counters.accepted.sum());
        s.put("rejected", counters.rejected.sum());
        s.put("answered", counters.answered.sum());
        s.put("inFlight", counters.inFlight.get());
        s.put("alerts", counters.alerts.sum());
        s.put("blockedWaits", counters.blockedWaits.sum());
        s.put("badRequests", counters.badRequests.sum());
        s.put("timeouts", counters.timeouts.sum());
        s.put("answersDropped", counters.answersDropped.sum());
        s.put("unanswered", counters.unanswered.sum());
        s.put("overBudget", counters.overBudget.sum());
        s.put("bufferedBytes", budget.used());
        s.put("bufferBudgetBytes", budget.limit());
        s.put("deadThreads", Map.copyOf(deadThreads));
        s.put("responses", counters.responses.sum());
        s.put("connectionsOpen", counters.connectionsOpen.get());
        s.put("connectionsAccepted", counters.connectionsAccepted.sum());
        s.put("connectionsRefused", counters.connectionsRefused.sum());
        s.put(
                "heapUsedBytes",
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        s.put("transactionTime", transactionTotal.asMap());
        s.put("gatewayLatency", gatewayTotal.asMap());
        return s;
    }

    private byte[] statsJson() {
        try {
            return (JSON.writeValueAsString(stats()) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stats cannot be written as JSON", e);
        }
    }

    /** Once a second: the totals for /stats, the stats line, the stats file. */
    private void tick() {
        while (true) {
            try {
                if (stopping.await(1, TimeUnit.SECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            LatencySummary transactionInterval = service.transactionTimes().intervalSummary();
            LatencySummary gatewayInterval = gatewayLatency.intervalSummary();
            transactionTotal = service.transactionTimes().total();
            gatewayTotal = gatewayLatency.total();
            if (config.statsEverySecond() && statsOut != null) {
                statsOut.println(statsLine(transactionInterval, gatewayInterval));
            }
            if (statsFile != null) {
                try {
                    Files.write(statsFile, statsJson(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                } catch (IOException e) {
                    System.err.println("mechsym gateway: cannot append to " + statsFile + ": " + e.getMessage());
                }
            }
        }
    }

    private String statsLine(LatencySummary transactions, LatencySummary gateway) {
        return String.format(
                Locale.ROOT,
                "t=%ds depth=%d/%s accepted=%d rejected=%d answered=%d inflight=%d alerts=%d"
                        + " txn p50=%.1f p99=%.1f us | gateway n=%d p50=%.1f p99=%.1f max=%.1f us | heap=%d MiB",
                (System.nanoTime() - startNanos) / 1_000_000_000L,
                service.depth(),
                config.policy() == QueuePolicy.UNBOUNDED
                        ? "unbounded"
                        : Integer.toString(config.sizing().length()),
                counters.accepted.sum(),
                counters.rejected.sum(),
                counters.answered.sum(),
                counters.inFlight.get(),
                counters.alerts.sum(),
                transactions.p50Nanos() / 1000.0,
                transactions.p99Nanos() / 1000.0,
                gateway.count(),
                gateway.p50Nanos() / 1000.0,
                gateway.p99Nanos() / 1000.0,
                gateway.maxNanos() / 1000.0,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
    }

    /**
     * Stops accepting, closes every connection, stops the service threads and joins every thread
     * within {@link RunningServer#STOP_DEADLINE}.
     *
     * @throws RunningServer.ThreadsDidNotStop naming those that did not (after closing the rest)
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stopping.countDown();
        loops.forEach(EventLoop::stop);
        service.close();
        try {
            threads.joinAll();
        } finally {
            try {
                listener.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
