package mechsym.tools.gateway;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import mechsym.core.concurrent.MpscQueue;
import mechsym.tools.latency.LatencyRecorder;

/**
 * One gateway thread: a selector over its share of the connections (each loop accepts from the same
 * listening socket), reading and parsing requests, handing transactions to the service, and
 * writing responses without blocking. Answers come back from the service threads through this
 * loop's output queue (core's {@link MpscQueue}: every service thread produces, this thread
 * consumes), with a selector wake-up only when the loop is about to sleep.
 *
 * <p><b>Bounded memory:</b> one request per connection at a time (a pipelined next request waits in
 * the connection's buffer, and the connection is not read while a response is pending), headers and
 * bodies within the configured limits, and connections within {@code maxConnections}. A client that
 * stops sending mid-request gets {@code 408} after the request timeout; one that stops reading is
 * dropped after the write timeout; an idle keep-alive connection is closed after the idle timeout.
 *
 * <p>Everything here runs on the loop's thread, except {@link #answered} (service threads) and
 * {@link #close} (any thread).
 */
final class EventLoop implements Runnable, Transaction.Answers {
    private static final int INITIAL_READ_BUFFER = 1024;
    private static final long TIMER_MILLIS = 100;

    private final int index;
    private final GatewayConfig config;
    private final GatewayCounters counters;
    private final TransactionService service;
    private final ServerSocketChannel listener;
    private final Selector selector;
    private final MpscQueue<Transaction> output;
    private final Supplier<byte[]> statsJson;
    private final LatencyRecorder gatewayLatency;
    private final Set<Connection> connections = new HashSet<>();
    private final Thread thread;
    private volatile boolean asleep;
    private volatile boolean running = true;
    private int nextQueue;
    private long dateSecond = -1;
    private String date;

    EventLoop(
            int index,
            GatewayConfig config,
            GatewayCounters counters,
            TransactionService service,
            ServerSocketChannel listener,
            Supplier<byte[]> statsJson,
            LatencyRecorder gatewayLatency)
            throws IOException {
        this.index = index;
        this.config = config;
        this.counters = counters;
        this.service = service;
        this.listener = listener;
        this.statsJson = statsJson;
        this.gatewayLatency = gatewayLatency;
        this.selector = Selector.open();
        // every connection has at most one transaction in flight
        this.output = new MpscQueue<>(Math.min(1 << 20, Math.max(64, config.maxConnections())));
        listener.register(selector, SelectionKey.OP_ACCEPT);
        this.nextQueue = index;
        this.thread = Thread.ofPlatform().name("mechsym-gateway-" + index).unstarted(this);
    }

    void start() {
        thread.start();
    }

    @Override
    public void answered(Transaction transaction) {
        while (!output.offer(transaction)) {
            Thread.onSpinWait(); // cannot stay full: capacity >= the connections, one transaction each
        }
        if (asleep) {
            selector.wakeup();
        }
    }

    @Override
    public void run() {
        long nextTimer = System.currentTimeMillis() + TIMER_MILLIS;
        try {
            while (running) {
                asleep = true;
                VarHandle.fullFence(); // the store above before the read below (pairs with answered())
                if (output.isEmpty()) {
                    selector.select(TIMER_MILLIS);
                } else {
                    selector.selectNow();
                }
                asleep = false;
                Set<SelectionKey> ready = selector.selectedKeys();
                for (SelectionKey key : ready) {
                    handle(key);
                }
                ready.clear();
                output.drain(this::deliver);
                long now = System.currentTimeMillis();
                if (now >= nextTimer) {
                    checkTimeouts(now);
                    nextTimer = now + TIMER_MILLIS;
                }
            }
        } catch (IOException | RuntimeException e) {
            if (running) {
                System.err.println("mechsym gateway: thread " + index + " failed: " + e);
            }
        } finally {
            for (Connection c : new ArrayList<>(connections)) {
                c.close();
            }
            try {
                selector.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    private void handle(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            accept();
            return;
        }
        Connection c = (Connection) key.attachment();
        try {
            if (key.isWritable()) {
                c.writePending();
            }
            if (key.isValid() && key.isReadable()) {
                c.readAvailable();
            }
        } catch (IOException e) {
            c.close();
        }
    }

    private void accept() {
        for (int i = 0; i < 64; i++) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (IOException e) {
                return; // e.g. out of file descriptors: the connection stays in the backlog
            }
            if (channel == null) {
                return;
            }
            if (counters.connectionsOpen.get() >= config.maxConnections()) {
                counters.connectionsRefused.increment();
                closeQuietly(channel);
                continue;
            }
            try {
                channel.configureBlocking(false);
                channel.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
                Connection c = new Connection(channel);
                c.key = channel.register(selector, SelectionKey.OP_READ, c);
                connections.add(c);
                counters.connectionsAccepted.increment();
                counters.connectionsOpen.incrementAndGet();
            } catch (IOException e) {
                closeQuietly(channel);
            }
        }
    }

    /** On this thread: an answer from the service goes to its connection (if still open). */
    private void deliver(Transaction transaction) {
        Connection c = (Connection) transaction.connection;
        if (c.closed) {
            counters.answersDropped.increment();
            return;
        }
        try {
            c.respond(transaction.status, "text/plain", transaction.result);
            gatewayLatency.record(System.nanoTime() - transaction.acceptedNanos);
        } catch (IOException e) {
            c.close();
        }
    }

    private void checkTimeouts(long now) {
        long requestTimeout = config.requestTimeout().toMillis();
        long idleTimeout = config.idleTimeout().toMillis();
        long writeTimeout = config.writeTimeout().toMillis();
        List<Connection> expired = new ArrayList<>();
        for (Connection c : connections) {
            if (c.state == State.WRITING && now - c.writeStartMillis > writeTimeout) {
                expired.add(c);
            } else if (c.state == State.READING) {
                if (c.parser.inRequest() && now - c.requestStartMillis > requestTimeout) {
                    expired.add(c);
                } else if (!c.parser.inRequest() && now - c.lastActivityMillis > idleTimeout) {
                    expired.add(c);
                }
            }
        }
        for (Connection c : expired) {
            counters.timeouts.increment();
            if (c.state == State.READING && c.parser.inRequest()) {
                try {
                    c.respondAndClose(408, "request not complete within " + requestTimeout + " ms");
                    continue;
                } catch (IOException e) {
                    // fall through to close
                }
            }
            c.close();
        }
    }

    private String date() {
        long second = System.currentTimeMillis() / 1000;
        if (second != dateSecond) {
            dateSecond = second;
            date = HttpResponses.httpDate(second);
        }
        return date;
    }

    /** Stops the loop; its connections are closed by its thread. */
    void close() {
        running = false;
        selector.wakeup();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    private enum State {
        /** Reading (or waiting for) a request. */
        READING,
        /** A transaction is in the service; the connection is not read meanwhile. */
        AWAITING_ANSWER,
        /** A response is partly written; waiting for the client to read. */
        WRITING
    }

    /** One client connection; loop thread only, except {@link #closed}, read when delivering. */
    private final class Connection {
        final SocketChannel channel;
        final RequestParser parser = new RequestParser(config.maxHeaderBytes(), config.maxBodyBytes());
        SelectionKey key;
        ByteBuffer in = ByteBuffer.allocate(INITIAL_READ_BUFFER);
        ByteBuffer out;
        State state = State.READING;
        boolean closeAfterWrite;
        boolean continueSent;
        boolean closed;
        long lastActivityMillis = System.currentTimeMillis();
        long requestStartMillis;
        long writeStartMillis;

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void readAvailable() throws IOException {
            if (!in.hasRemaining()) {
                grow();
            }
            int n = channel.read(in);
            if (n < 0) {
                close();
                return;
            }
            if (n > 0) {
                lastActivityMillis = System.currentTimeMillis();
                if (!parser.inRequest()) {
                    requestStartMillis = lastActivityMillis;
                }
                processInput();
            }
        }

        /** The buffer grows while headers are read, up to the header limit (plus room to detect it). */
        private void grow() {
            int limit = config.maxHeaderBytes() + 4;
            if (in.capacity() < limit) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.min(limit, in.capacity() * 2));
                in.flip();
                bigger.put(in);
                in = bigger;
            }
        }

        /** Parses and serves the requests in the buffer, one at a time. */
        void processInput() throws IOException {
            while (state == State.READING && !closed) {
                in.flip();
                if (!in.hasRemaining()) {
                    in.compact();
                    return;
                }
                RequestParser.Result result = parser.parse(in);
                in.compact();
                switch (result) {
                    case NEED_MORE -> {
                        if (parser.awaitingBody() && parser.expectContinue && !continueSent) {
                            continueSent = true;
                            channel.write(ByteBuffer.wrap(HttpResponses.CONTINUE));
                        }
                        if (!in.hasRemaining() && !parser.awaitingBody()) {
                            grow();
                        }
                        return;
                    }
                    case ERROR -> {
                        counters.badRequests.increment();
                        respondAndClose(parser.errorStatus, parser.errorReason);
                        return;
                    }
                    case COMPLETE -> serve();
                }
            }
        }

        private void serve() throws IOException {
            continueSent = false;
            if (parser.target.equals("/stats") || parser.target.startsWith("/stats?")) {
                respond(200, "application/json", statsJson.get());
                return;
            }
            if (EnvResponse.isFor(parser.target)) {
                respond(200, "application/json", EnvResponse.body());
                return;
            }
            Transaction transaction = new Transaction(EventLoop.this, this, parser.body(), System.nanoTime());
            state = State.AWAITING_ANSWER;
            key.interestOps(0);
            if (service.submit(transaction, nextQueue++) == TransactionService.Admission.REJECTED) {
                state = State.READING;
                respond(
                        503,
                        "text/plain",
                        "server busy: the input queue is full\n".getBytes(StandardCharsets.US_ASCII));
            }
        }

        void respondAndClose(int status, String reason) throws IOException {
            parser.keepAlive = false;
            state = State.READING;
            respond(status, "text/plain", (reason + "\n").getBytes(StandardCharsets.US_ASCII));
        }

        /** Writes a response for the current request; what the socket does not take waits for OP_WRITE. */
        void respond(int status, String contentType, byte[] body) throws IOException {
            closeAfterWrite = !parser.keepAlive;
            out = HttpResponses.response(status, contentType, body, closeAfterWrite, date());
            counters.responses.increment();
            state = State.WRITING;
            writeStartMillis = System.currentTimeMillis();
            writePending();
        }

        void writePending() throws IOException {
            channel.write(out);
            if (out.hasRemaining()) {
                key.interestOps(SelectionKey.OP_WRITE);
                return;
            }
            out = null;
            lastActivityMillis = System.currentTimeMillis();
            if (closeAfterWrite) {
                close();
                return;
            }
            state = State.READING;
            parser.reset();
            key.interestOps(SelectionKey.OP_READ);
            if (in.position() > 0) {
                requestStartMillis = lastActivityMillis;
                processInput(); // a pipelined request already received
            }
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            connections.remove(this);
            counters.connectionsOpen.decrementAndGet();
            if (key != null) {
                key.cancel();
            }
            closeQuietly(channel);
        }
    }
}
