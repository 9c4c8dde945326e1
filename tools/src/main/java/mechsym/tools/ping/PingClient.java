package mechsym.tools.ping;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.Pacer;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.UdpRoundTrip;

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
     * @param measured round trips recorded (answered after the warm-up)
     * @param lost UDP messages never answered within the timeout
     * @param stale UDP answers that were not the message sent (an earlier, already counted-lost
     *     message's, or changed by the server), discarded
     */
    public record Outcome(String target, long sent, long measured, long lost, long stale) {
        /** Why nothing was measured, in one line (for a run with {@code measured == 0}). */
        public String whyNothingMeasured(long timeoutMillis) {
            return UdpRoundTrip.nothingAnswered(target, sent, lost, stale, timeoutMillis);
        }
    }

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
            try {
                return loop(options, exchange, recorder, maxMeasureNanos);
            } catch (InternalError e) {
                throw exchange.fault(e);
            }
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
        long lost = 0;
        long sent = 0;
        long measured = 0;
        long phaseStart = System.nanoTime();
        long i = 0;
        for (long total = o.warmup() + o.count(); i < total; i++) {
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
            sent++;
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
                measured++;
            }
        }
        return new Outcome(exchange.target(), sent, measured, lost, exchange.stale());
    }

    private static Exchange open(PingOptions o) throws IOException {
        if (o.transport() == Transport.IPC) {
            return IpcExchange.open(IpcFile.open(o.ipcPath() != null ? o.ipcPath() : IpcFile.defaultPath(o.port())));
        }
        InetSocketAddress server = resolve(o.host(), o.port());
        String target = o.host() + ":" + o.port();
        return o.transport() == Transport.UDP
                ? new UdpExchange(
                        UdpRoundTrip.open(server, target, "UDP ping", o.size(), UdpRoundTrip.Wait.SPIN), target)
                : TcpExchange.open(server, target, o.transport(), o.timeoutMillis());
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

        /** {@code e}, a fault in memory access (a mapped file that shrank), as a one-line error. */
        default IOException fault(InternalError e) {
            throw e;
        }

        @Override
        void close() throws IOException;
    }

    private static IOException timeout(String target, long deadlineStart) {
        return new Failure("no answer from " + target + " in time (" + formatMillis(deadlineStart) + " ms)");
    }

    /** A failure whose message already names the server. */
    private static final class Failure extends IOException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
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

        private TcpExchange(
                SocketChannel channel, String target, Transport transport, Selector selector, Watchdog watchdog) {
            this.channel = channel;
            this.target = target;
            this.transport = transport;
            this.selector = selector;
            this.watchdog = watchdog;
        }

        /** Connects; on any failure every channel and selector opened so far is closed. */
        static TcpExchange open(InetSocketAddress server, String target, Transport transport, long timeoutMillis)
                throws IOException {
            SocketChannel channel = SocketChannel.open();
            Selector selector = null;
            try {
                connect(channel, server, target, timeoutMillis);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel.configureBlocking(transport == Transport.BLOCKING);
                if (transport == Transport.SELECT || transport == Transport.SELECTNOW) {
                    selector = Selector.open();
                    channel.register(selector, SelectionKey.OP_READ);
                }
                Watchdog watchdog = transport == Transport.BLOCKING ? new Watchdog(channel) : null;
                return new TcpExchange(channel, target, transport, selector, watchdog);
            } catch (IOException | RuntimeException e) {
                try (channel;
                        Selector _ = selector) {
                    throw e instanceof Failure f ? f : new IOException(target + ": " + e.getMessage(), e);
                }
            }
        }

        private static void connect(SocketChannel channel, InetSocketAddress server, String target, long timeoutMillis)
                throws IOException {
            try {
                channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeoutMillis));
            } catch (ConnectException e) {
                throw new Failure("connection refused by " + target + " (no ping server listening there?)");
            } catch (SocketTimeoutException e) {
                throw new Failure("cannot connect to " + target + ": no answer in " + timeoutMillis + " ms");
            } catch (IOException e) {
                throw new Failure("cannot connect to " + target + ": " + e.getMessage());
            }
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
                        throw new Failure(target + " closed the connection");
                    }
                    if (n == 0 && (++spins & 0x3FF) == 0 && System.nanoTime() - deadline > 0) {
                        throw timeout(target, start);
                    }
                }
                return true;
            } catch (AsynchronousCloseException e) {
                throw timeout(target, start);
            } catch (Failure e) {
                throw e;
            } catch (IOException e) {
                throw new IOException(target + ": " + e.getMessage(), e); // "Connection reset", with the server
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
            try (channel;
                    Selector _ = selector) {
                // both closed, the channel even when the selector fails
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

    /** UDP: one datagram each way through {@link UdpRoundTrip}; an answer other than the message sent is stale. */
    private static final class UdpExchange implements Exchange {
        private final UdpRoundTrip udp;
        private final String target;

        UdpExchange(UdpRoundTrip udp, String target) {
            this.udp = udp;
            this.target = target;
        }

        @Override
        public boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException {
            if (!udp.exchange(request, request, deadline)) {
                return false;
            }
            response.put(udp.answer());
            request.position(request.limit());
            return true;
        }

        @Override
        public String target() {
            return target;
        }

        @Override
        public long stale() {
            return udp.stale();
        }

        @Override
        public void close() throws IOException {
            udp.close();
        }
    }

    /** The memory-mapped file: publish the request with release, spin for the response with acquire. */
    private static final class IpcExchange implements Exchange {
        private final IpcFile file;
        private long sequence;

        private IpcExchange(IpcFile file, long sequence) {
            this.file = file;
            this.sequence = sequence;
        }

        /** Claims {@code file}'s client slot; on failure the file is closed. */
        static IpcExchange open(IpcFile file) throws IOException {
            try {
                file.claimClient();
                return new IpcExchange(file, file.requestSequence());
            } catch (IOException | RuntimeException e) {
                file.close();
                throw e;
            }
        }

        @Override
        public boolean roundTrip(ByteBuffer request, ByteBuffer response, long deadline) throws IOException {
            long start = System.nanoTime();
            if (request.remaining() > file.maxSize()) {
                throw new IOException("--size " + request.remaining() + " exceeds the ipc server's " + file.maxSize()
                        + " (" + file.path() + ")");
            }
            file.sendRequest(MemorySegment.ofBuffer(request), ++sequence);
            int spins = 0;
            while (file.responseSequence() != sequence) {
                Thread.onSpinWait();
                if ((++spins & 0xFFF) == 0) {
                    file.checkServing();
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
        public IOException fault(InternalError e) {
            return file.changedSize(e);
        }

        @Override
        public void close() {
            file.releaseClient();
            file.close();
        }
    }
}
