package mechsym.tools.gateway;

import java.time.Duration;
import java.util.Objects;

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

    public GatewayConfig withThreads(int gatewayThreads, int serviceThreads) {
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

    /** The queue, policy and the transaction's work. */
    public GatewayConfig withService(QueueSizing sizing, QueuePolicy policy, double transactionMicros, WorkKind work) {
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

    public GatewayConfig withLimits(int maxHeaderBytes, int maxBodyBytes, int maxConnections) {
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

    public GatewayConfig withTimeouts(Duration requestTimeout, Duration idleTimeout, Duration writeTimeout) {
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

    public GatewayConfig withStatsEverySecond(boolean on) {
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
                on);
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
        require(port >= 0 && port <= 65535, "--port must be 0..65535, was " + port);
        require(gatewayThreads >= 1 && gatewayThreads <= 256, "--threads must be 1..256, was " + gatewayThreads);
        require(
                serviceThreads >= 1 && serviceThreads <= 256,
                "--service-threads must be 1..256, was " + serviceThreads);
        require(
                sizing.length() >= serviceThreads,
                "--queue (" + sizing.length() + ") must be at least --service-threads (" + serviceThreads + ")");
        require(
                transactionMicros >= 0 && transactionMicros <= 10_000_000,
                "--txn-time must be 0..10000000 us, was " + transactionMicros);
        require(alertFraction > 0 && alertFraction <= 1, "the alert fraction must be in (0, 1], was " + alertFraction);
        require(
                maxHeaderBytes >= 256 && maxHeaderBytes <= 1 << 20,
                "--max-header-bytes must be 256..1048576, was " + maxHeaderBytes);
        require(
                maxBodyBytes >= 0 && maxBodyBytes <= 64 << 20,
                "--max-body-bytes must be 0..67108864, was " + maxBodyBytes);
        require(maxConnections >= 1, "--max-connections must be positive, was " + maxConnections);
        require(
                isPositive(requestTimeout) && isPositive(idleTimeout) && isPositive(writeTimeout),
                "timeouts must be positive");
        return this;
    }

    private static boolean isPositive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
