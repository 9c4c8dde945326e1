package mechsym.tools.gateway;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import mechsym.tools.OptionCheck;

/**
 * Everything a {@link GatewayServer} is started with. Build one with {@link #defaults()} and the
 * {@code with...} methods; {@link #validate()} names the first bad value.
 *
 * @param host the address to bind ({@code 0.0.0.0} for all)
 * @param port the TCP port; 0 picks a free one
 * @param gatewayThreads event-loop threads reading requests and writing responses
 * @param sizing the input queue's length and the latency it was sized for
 * @param policy what happens when the input queue is full
 * @param transactionMicros each transaction's work time; 0 for a service that does nothing
 * @param serviceThreads threads running transactions, each with its own input queue
 * @param work what a transaction does for its time
 * @param alertFraction the queue occupancy (fraction of capacity) that raises an alert
 * @param maxHeaderBytes request line and headers larger than this get {@code 431}
 * @param maxBodyBytes request bodies larger than this get {@code 413}
 * @param maxConnections connections above this are closed at once
 * @param requestTimeout a request not fully received this long after its first byte gets {@code 408}
 * @param idleTimeout a keep-alive connection with no request for this long is closed
 * @param writeTimeout a response the client does not read within this time closes the connection
 * @param statsEverySecond whether to print a stats line every second on standard output
 */
public record GatewayConfig(
        String host,
        int port,
        int gatewayThreads,
        QueueSizing sizing,
        QueuePolicy policy,
        double transactionMicros,
        int serviceThreads,
        WorkKind work,
        double alertFraction,
        int maxHeaderBytes,
        int maxBodyBytes,
        int maxConnections,
        Duration requestTimeout,
        Duration idleTimeout,
        Duration writeTimeout,
        boolean statsEverySecond) {

    /** Loopback, a free port, 2 gateway threads, 1 service thread, 1024 queued, reject, no work. */
    public static GatewayConfig defaults() {
        return new GatewayConfig(
                "127.0.0.1",
                0,
                2,
                QueueSizing.ofLength(1024, 0, 1),
                QueuePolicy.REJECT,
                0,
                1,
                WorkKind.SPIN,
                0.7,
                8 * 1024,
                64 * 1024,
                10_000,
                Duration.ofSeconds(10),
                Duration.ofSeconds(60),
                Duration.ofSeconds(10),
                false);
    }

    public GatewayConfig withAddress(String host, int port) {
        return edit(d -> {
            d.host = host;
            d.port = port;
        });
    }

    public GatewayConfig withThreads(int gatewayThreads, int serviceThreads) {
        return edit(d -> {
            d.gatewayThreads = gatewayThreads;
            d.serviceThreads = serviceThreads;
        });
    }

    /** The queue, policy and the transaction's work. */
    public GatewayConfig withService(QueueSizing sizing, QueuePolicy policy, double transactionMicros, WorkKind work) {
        return edit(d -> {
            d.sizing = sizing;
            d.policy = policy;
            d.transactionMicros = transactionMicros;
            d.work = work;
        });
    }

    public GatewayConfig withLimits(int maxHeaderBytes, int maxBodyBytes, int maxConnections) {
        return edit(d -> {
            d.maxHeaderBytes = maxHeaderBytes;
            d.maxBodyBytes = maxBodyBytes;
            d.maxConnections = maxConnections;
        });
    }

    public GatewayConfig withTimeouts(Duration requestTimeout, Duration idleTimeout, Duration writeTimeout) {
        return edit(d -> {
            d.requestTimeout = requestTimeout;
            d.idleTimeout = idleTimeout;
            d.writeTimeout = writeTimeout;
        });
    }

    public GatewayConfig withStatsEverySecond(boolean on) {
        return edit(d -> d.statsEverySecond = on);
    }

    /** A copy with the changes {@code change} makes to a draft of this one's values. */
    private GatewayConfig edit(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.build();
    }

    /** The record's values, open to change, for the {@code with...} methods: one list of fields. */
    private static final class Draft {
        String host;
        int port;
        int gatewayThreads;
        QueueSizing sizing;
        QueuePolicy policy;
        double transactionMicros;
        int serviceThreads;
        WorkKind work;
        double alertFraction;
        int maxHeaderBytes;
        int maxBodyBytes;
        int maxConnections;
        Duration requestTimeout;
        Duration idleTimeout;
        Duration writeTimeout;
        boolean statsEverySecond;

        Draft(GatewayConfig c) {
            host = c.host;
            port = c.port;
            gatewayThreads = c.gatewayThreads;
            sizing = c.sizing;
            policy = c.policy;
            transactionMicros = c.transactionMicros;
            serviceThreads = c.serviceThreads;
            work = c.work;
            alertFraction = c.alertFraction;
            maxHeaderBytes = c.maxHeaderBytes;
            maxBodyBytes = c.maxBodyBytes;
            maxConnections = c.maxConnections;
            requestTimeout = c.requestTimeout;
            idleTimeout = c.idleTimeout;
            writeTimeout = c.writeTimeout;
            statsEverySecond = c.statsEverySecond;
        }

        GatewayConfig build() {
            return new GatewayConfig(
                    host,
                    port,
                    gatewayThreads,
                    sizing,
                    policy,
                    transactionMicros,
                    serviceThreads,
                    work,
                    alertFraction,
                    maxHeaderBytes,
                    maxBodyBytes,
                    maxConnections,
                    requestTimeout,
                    idleTimeout,
                    writeTimeout,
                    statsEverySecond);
        }
    }

    /**
     * Checks every value.
     *
     * @throws IllegalArgumentException naming the first bad option and its value
     */
    public GatewayConfig validate() {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(sizing, "sizing");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(work, "work");
        OptionCheck.port("--port", port, true);
        OptionCheck.inRange("--threads", gatewayThreads, 1, 256);
        OptionCheck.inRange("--service-threads", serviceThreads, 1, 256);
        OptionCheck.require(
                sizing.length() >= serviceThreads,
                "--queue (" + sizing.length() + ") must be at least --service-threads (" + serviceThreads + ")");
        OptionCheck.inRange("--txn-time", transactionMicros, 0, 10_000_000, "us");
        OptionCheck.require(
                alertFraction > 0 && alertFraction <= 1, "the alert fraction must be in (0, 1], not " + alertFraction);
        OptionCheck.inRange("--max-header-bytes", maxHeaderBytes, 256, 1 << 20);
        OptionCheck.inRange("--max-body-bytes", maxBodyBytes, 0, 64 << 20);
        OptionCheck.atLeast("--max-connections", maxConnections, 1, "");
        OptionCheck.require(
                isPositive(requestTimeout) && isPositive(idleTimeout) && isPositive(writeTimeout),
                "timeouts must be positive");
        return this;
    }

    private static boolean isPositive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }
}
