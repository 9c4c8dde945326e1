package mechsym.tools.ping;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import mechsym.tools.latency.CpuAffinity;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.Pacer;

/**
 * The ping client: sends {@code size}-byte messages one at a time, waits for each echo, checks it is
 * the bytes sent (up to {@link PingServer#MAX_MESSAGE} bytes), and records each round trip in a {@link LatencyRecorder} (closed loop, or fixed
 * rate from each message's intended send time). Runs on the calling thread, pinned when asked.
 *
 * <p>Never hangs: a TCP or ipc answer that does not come within the timeout fails the run with a
 * message naming the server; a UDP answer that does not come is counted as lost and the next message
 * goes. Not thread-safe: one run per thread.
 */
public final class PingClient {
    private PingClient() {}

    /**
     * What a run measured besides the latencies.
     *
     * @param target the server, as {@code host:port} or the ipc file
     * @param sent messages sent, warm-up included
     * @param lost UDP messages never answered within the timeout
     * @param stale UDP answers to an earlier, already counted-lost message, discarded
     */
    public record Outcome(String target, long sent, long lost, long stale) {}

    /**
     * Runs {@code warmup + count} round trips against a server and records the last {@code count}.
     *
     * @throws IOException one line naming the server and what went wrong (unknown host, refused, no
     *     answer in time, a wrong answer, connection closed)
     */
    public static Outcome run(PingOptions options, LatencyRecorder recorder) throws IOException {
        return run(options, recorder, Long.MAX_VALUE);
    }

    /**
     * As {@link #run(PingOptions, LatencyRecorder)}, but the warm-up and the measured part each stop
     * early once they have lasted {@code maxMeasureNanos} (for a lab's time budget; the outcome says
     * how many were sent).
     */
    public static Outcome run(PingOptions options, LatencyRecorder recorder, long maxMeasureNanos) throws IOException {
        options.validate();
        if (options.cpu() != null) {
            CpuAffinity.pinCurrentThread(options.cpu());
        }
        try (Exchange exchange = open(options)) {
            return loop(options, exchange, recorder, maxMeasureNanos);
        }
    }

    private static Outcome loop(PingOptions o, Exchange exchange, LatencyRecorder recorder, long maxMeasureNanos)
            throws IOException {
        ByteBuffer request = ByteBuffer.allocateDirect(o.size());
        ByteBuffer response = ByteBuffer.allocateDirect(o.size());
        for (int i = 0; i < o.size(); i++) {
            request.put(i, (byte) ('a' + i % 26));
        }
        Pacer pacer = Pacer.of(o.rate());
        long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(o.timeoutMillis());
        long total = o.warmup() + o.count();
        long lost = 0;
        long phaseStart = System.nanoTime();
        long i = 0;
        for (; i < total; i++) {
            if (maxMeasureNanos != Long.MAX_VALUE) { // a budget: warm-up and measurement each end at it
                long now = System.nanoTime();
                if (i == o.warmup()) {
                    phaseStart = now;
                } else if (now - phaseStart > maxMeasureNanos) {
                    if (i > o.warmup()) {
                        break;
                    }
                    i = o.warmup(); // warm-up cut short: measure from here
                    phaseStart = now;
                }
            }
            long intended = pacer.awaitNext();
            if (o.size() >= Long.BYTES) {
                request.putLong(0, intended); // the intended send time travels with the message
            }
            request.clear();
            response.clear();
            long start = System.nanoTime();
            boolean answered = exchange.roundTrip(request, response, start + timeoutNanos);
            long end = System.nanoTime();
            if (!answered) {
                lost++;
                continue;
            }
            if (response.flip().mismatch(request.flip()) >= 0) {
                throw new IOException(exchange.target() + " answered with bytes other than the message sent"
                        + " (is it a ping server? docs/ping.md)");
            }
            if (i >= o.warmup()) {
                recorder.recordFromIntendedStart(o.rate() > 0 ? intended : start, end);
            }
        }
        return new Outcome(exchange.target(), i, lost, exchange.stale());
    }

    private static Exchange open(PingOptions o) throws IOException {
        if (o.transport() == Transport.IPC) {
            return new IpcExchange(IpcFile.open(o.ipcPath() != null ? o.ipcPath() : IpcFile.defaultPath(o.port())));
        }
        InetSocketAddress server = resolve(o.host(), o.port());
        String target = o.host() + ":" + o.port();
        return o.transport() == Transport.UDP
                ? new UdpExchange(server, target)
                : new TcpExchange(server, target, o.transport(), o.timeoutMillis());
    }

    static InetSocketAddress resolve(String host, int port) throws IOException {
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IOException("unknown host '" + host + "'");
        }
    }

    /** One transport's round trip. */
    private interface Exchange extends AutoCloseable {
        /**
         * Sends {@code request} and reads the same number of bytes into {@code response}.
         *
         * @return false when a UDP answer did not come by {@code deadline} (lost)
         * @throws IOException when a TCP or ipc answer did not come by {@code deadline}, or the peer left
         */
        boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException;

        String target();

        default long stale() {
            return 0;
        }

        @Override
        void close() throws IOException;
    }

    private static IOException timeout(String target, long deadlineStart) {
        return new IOException("no answer from " + target + " in time (" + formatMillis(deadlineStart) + " ms)");
    }

    private static String formatMillis(long nanosAgo) {
        return String.format(Locale.ROOT, "%.0f", (System.nanoTime() - nanosAgo) / 1e6);
    }

    /** TCP with the transport's way of waiting; the blocking one is unblocked by a watchdog at the deadline. */
    private static final class TcpExchange implements Exchange {
        private final SocketChannel channel;
        private final String target;
        private final Transport transport;
        private final Selector selector;
        private final Watchdog watchdog;

        TcpExchange(InetSocketAddress server, String target, Transport transport, long timeoutMillis)
                throws IOException {
            this.target = target;
            this.transport = transport;
            channel = SocketChannel.open();
            try {
                channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeoutMillis));
            } catch (ConnectException e) {
                channel.close();
                throw new IOException("connection refused by " + target + " (no ping server listening there?)");
            } catch (SocketTimeoutException e) {
                channel.close();
                throw new IOException("cannot connect to " + target + ": no answer in " + timeoutMillis + " ms");
            } catch (IOException e) {
                channel.close();
                throw new IOException("cannot connect to " + target + ": " + e.getMessage());
            }
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(transport == Transport.BLOCKING);
            if (transport == Transport.SELECT || transport == Transport.SELECTNOW) {
                selector = Selector.open();
                channel.register(selector, SelectionKey.OP_READ);
            } else {
                selector = null;
            }
            watchdog = transport == Transport.BLOCKING ? new Watchdog(channel) : null;
        }

        @Override
        public boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException {
            long start = System.nanoTime();
            if (watchdog != null) {
                watchdog.deadline = deadline;
            }
            try {
                PingServer.writeFully(channel, request);
                int spins = 0;
                while (response.hasRemaining()) {
                    int n;
                    if (selector == null) {
                        n = channel.read(response);
                    } else {
                        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                        int ready = transport == Transport.SELECTNOW
                                ? selector.selectNow()
                                : left > 0 ? selector.select(Math.max(1, left)) : 0;
                        if (ready > 0) {
                            selector.selectedKeys().clear();
                        }
                        n = ready > 0 ? channel.read(response) : 0;
                    }
                    if (n < 0) {
                        throw new IOException(target + " closed the connection");
                    }
                    if (n == 0 && (++spins & 0x3FF) == 0 && System.nanoTime() - deadline > 0) {
                        throw timeout(target, start);
                    }
                }
                return true;
            } catch (AsynchronousCloseException e) {
                throw timeout(target, start);
            } finally {
                if (watchdog != null) {
                    watchdog.deadline = Long.MAX_VALUE;
                }
            }
        }

        @Override
        public String target() {
            return target;
        }

        @Override
        public void close() throws IOException {
            if (watchdog != null) {
                watchdog.interrupt();
            }
            try (channel) {
                if (selector != null) {
                    selector.close();
                }
            }
        }
    }

    /** Closes a blocking channel whose read outlives its deadline, which ends the read with an exception. */
    private static final class Watchdog extends Thread {
        volatile long deadline = Long.MAX_VALUE;
        private final SocketChannel channel;

        Watchdog(SocketChannel channel) {
            super("ping-watchdog");
            this.channel = channel;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            try {
                while (!isInterrupted()) {
                    Thread.sleep(20);
                    long d = deadline;
                    if (d != Long.MAX_VALUE && System.nanoTime() - d > 0) {
                        channel.close();
                        return;
                    }
                }
            } catch (InterruptedException | IOException e) {
                // the client is closing
            }
        }
    }

    /** UDP: one datagram each way on a connected channel; late answers to lost messages are discarded. */
    private static final class UdpExchange implements Exchange {
        private final DatagramChannel channel;
        private final String target;
        private long stale;

        UdpExchange(InetSocketAddress server, String target) throws IOException {
            this.target = target;
            channel = DatagramChannel.open();
            channel.connect(server);
            channel.configureBlocking(false);
        }

        @Override
        public boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException {
            try {
                channel.write(request);
                request.flip();
                int spins = 0;
                while (true) {
                    response.clear();
                    int n = channel.read(response);
                    if (n > 0) {
                        if (n == request.remaining() && response.flip().mismatch(request) < 0) {
                            response.position(response.limit());
                            return true;
                        }
                        stale++; // the answer to an earlier message counted lost: keep waiting for ours
                    } else if ((++spins & 0x3FF) == 0 && System.nanoTime() - deadline > 0) {
                        return false;
                    }
                }
            } catch (PortUnreachableException e) {
                throw new IOException("connection refused by " + target + " (no UDP ping server listening there?)");
            } finally {
                request.position(request.limit());
            }
        }

        @Override
        public String target() {
            return target;
        }

        @Override
        public long stale() {
            return stale;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** The memory-mapped file: publish the request with release, spin for the response with acquire. */
    private static final class IpcExchange implements Exchange {
        private final IpcFile file;
        private long sequence;

        IpcExchange(IpcFile file) throws IOException {
            this.file = file;
            file.claimClient();
            sequence = file.requestSequence();
        }

        @Override
        public boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException {
            long start = System.nanoTime();
            if (request.remaining() > file.maxSize()) {
                throw new IOException("--size " + request.remaining() + " exceeds the ipc server's " + file.maxSize());
            }
            file.sendRequest(MemorySegment.ofBuffer(request), ++sequence);
            int spins = 0;
            while (file.responseSequence() != sequence) {
                Thread.onSpinWait();
                if ((++spins & 0xFFF) == 0) {
                    if (!file.serverAlive()) {
                        throw new IOException("the ipc ping server of " + file.path() + " stopped");
                    }
                    if (System.nanoTime() - deadline > 0) {
                        throw timeout(target(), start);
                    }
                }
            }
            file.readResponse(MemorySegment.ofBuffer(response));
            response.position(response.limit());
            request.position(request.limit());
            return true;
        }

        @Override
        public String target() {
            return file.path().toString();
        }

        @Override
        public void close() {
            file.releaseClient();
            file.close();
        }
    }
}
