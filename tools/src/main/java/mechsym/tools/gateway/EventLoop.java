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
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import mechsym.core.concurrent.MpscQueue;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.platform.ServerThreads;

/**
 * One gateway thread: a selector over its share of the connections (each loop accepts from the same
 * listening socket), reading and parsing requests, handing transactions to the service, and
 * writing responses without blocking. Answers come back from the service threads through this
 * loop's output queue (core's {@link MpscQueue}: every service thread produces, this thread
 * consumes), with a selector wake-up only when the loop is about to sleep.
 *
 * <p><b>Bounded memory:</b> one request per connection at a time (a pipelined next request waits in
 * the connection's buffer, and the connection is not read while a response is pending), headers and
 * bodies within the configured limits, connections within {@code maxConnections}, and every
 * connection's buffers together within the gateway's {@link BufferBudget} (a connection is refused,
 * or its request answered {@code 503}, when its buffer would not fit). A client that
 * stops sending mid-request gets {@code 408} after the request timeout; one that stops reading is
 * dropped after the write timeout; an idle keep-alive connection is closed after the idle timeout.
 * A request whose transaction sits with a dead service thread gets {@code 503} after the request
 * timeout. A connection awaiting its answer is still watched, so a client that resets it is noticed
 * and its answer, when it comes, counted as dropped. A client that ends its side (a half-close,
 * {@code shutdown(SHUT_WR)}, which a graceful close also looks like) still gets the answers to the
 * requests it sent in full, pipelined ones included; the connection closes after the last of them.
 * A connection refused at accept (connection limit or buffer budget) gets {@code 503} with
 * {@code Retry-After} when its socket takes the few bytes at once.
 *
 * <p>Everything here runs on the loop's thread, except {@link #answered} (service threads) and
 * {@link #stop} (any thread). A loop that dies (any {@link Throwable}) closes its connections
 * first, then reports itself to the gateway.
 */
final class EventLoop implements Transaction.Answers {
    private static final int INITIAL_READ_BUFFER = 1024;
    /** What a refused connection sent before its 503 is read into this and dropped (one per loop). */
    private static final int REFUSED_DISCARD_BYTES = 16 * 1024;
    /** Responses up to this size are built in the loop's one scratch buffer (the stats JSON fits). */
    private static final int RESPONSE_SCRATCH_BYTES = 8 * 1024;

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
    private final BufferBudget budget;
    private final Set<Connection> connections = new HashSet<>();
    private final String name;
    private volatile boolean asleep;
    private volatile boolean running = true;
    private int nextQueue;
    private final ByteBuffer refusedDiscard = ByteBuffer.allocate(REFUSED_DISCARD_BYTES);
    /**
     * Each response is built here and written at once; only what the socket does not take is copied
     * into a buffer of the connection's own (see {@link Connection#writePending}).
     */
    private final ByteBuffer responseScratch = ByteBuffer.allocate(RESPONSE_SCRATCH_BYTES);

    private long dateSecond = -1;
    private String date;

    EventLoop(
            int index,
            GatewayConfig config,
            GatewayCounters counters,
            TransactionService service,
            ServerSocketChannel listener,
            Supplier<byte[]> statsJson,
            LatencyRecorder gatewayLatency,
            BufferBudget budget)
            throws IOException {
        this.budget = budget;
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
        this.name = "mechsym-gateway-" + index;
    }

    /** Runs the loop on a thread of {@code threads}; if it dies, {@code died} is told its name and why. */
    void start(ServerThreads threads, BiConsumer<String, Throwable> died) {
        threads.start(name, () -> {
            Throwable failure = runUntilStopped();
            if (failure != null && running) {
                died.accept(name, failure);
            }
        });
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

    /** The loop; what ended it when it was not {@link #stop}, with every connection closed. */
    private Throwable runUntilStopped() {
        Throwable failure = null;
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
        } catch (Throwable t) {
            failure = t; // after the finally below has released the connections (and their memory)
        } finally {
            for (Connection c : connections.toArray(new Connection[0])) {
                c.close();
            }
            closeSelector();
        }
        return failure;
    }

    private void closeSelector() {
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing
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
            if (counters.connectionsOpen.get() >= config.maxConnections() || !budget.reserve(INITIAL_READ_BUFFER)) {
                counters.connectionsRefused.increment();
                refuse(channel);
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
                budget.release(INITIAL_READ_BUFFER);
                closeQuietly(channel);
            }
        }
    }

    /**
     * Answers a connection refused at accept {@code 503} with {@code Retry-After} and closes it, without
     * waiting: what it already sent is read and dropped first (closing with unread bytes would reset
     * the connection and could discard the answer at the client), then one write of the short answer
     * into the empty socket buffer, then the close. A client that sends more later may see a reset.
     */
    private void refuse(SocketChannel channel) {
        try {
            channel.configureBlocking(false);
            refusedDiscard.clear();
            while (channel.read(refusedDiscard) > 0) {
                refusedDiscard.clear();
            }
            channel.write(
                    HttpResponses.response(503, "text/plain", REFUSED_BODY, true, date(), false, responseScratch));
            channel.shutdownOutput();
        } catch (IOException e) {
            // no answer possible: the close below is the refusal
        }
        closeQuietly(channel);
    }

    private static final byte[] QUEUE_FULL_BODY =
            "server busy: the input queue is full\n".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] REFUSED_BODY =
            "server busy: connection limit or request buffer memory reached\n".getBytes(StandardCharsets.US_ASCII);

    /** On this thread: an answer from the service goes to its connection (if still open). */
    private void deliver(Transaction transaction) {
        Connection c = (Connection) transaction.connection;
        if (c.closed || c.pending != transaction) {
            counters.answersDropped.increment(); // the client left, or was answered 503 meanwhile
            return;
        }
        c.pending = null;
        try {
            c.respond(transaction.status, "text/plain", transaction.result);
            gatewayLatency.record(System.nanoTime() - transaction.acceptedNanos);
        } catch (IOException e) {
            counters.answersDropped.increment();
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
            } else if (c.state == State.AWAITING_ANSWER
                    && now - c.requestStartMillis > requestTimeout
                    && service.isDead(c.pending.queue)) {
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
            if (c.state == State.AWAITING_ANSWER) {
                counters.unanswered.increment();
                c.pending = null;
                try {
                    c.respondAndClose(503, "no answer within " + requestTimeout + " ms: the service thread died");
                    continue;
                } catch (IOException e) {
                    // fall through to close
                }
            }
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

    /** Tells the loop to stop; its thread closes its connections (the gateway joins it). */
    void stop() {
        running = false;
        selector.wakeup();
    }

    /** Releases a loop that was never started. */
    void closeUnstarted() {
        running = false;
        closeSelector();
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
        final RequestParser parser = new RequestParser(config.maxHeaderBytes(), config.maxBodyBytes(), budget);
        SelectionKey key;
        ByteBuffer in = ByteBuffer.allocate(INITIAL_READ_BUFFER);
        ByteBuffer out;
        /** The transaction in the service for this connection, while {@link State#AWAITING_ANSWER}. */
        Transaction pending;

        State state = State.READING;
        boolean closeAfterWrite;
        boolean continueSent;
        boolean closed;
        /** The client ended its side (EOF): what it sent in full is still answered, then the close. */
        boolean inputEnded;

        long lastActivityMillis = System.currentTimeMillis();
        long requestStartMillis;
        long writeStartMillis;

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void readAvailable() throws IOException {
            if (!in.hasRemaining() && state == State.READING && !grow()) {
                return; // answered 503: no room in the budget
            }
            if (!in.hasRemaining()) {
                key.interestOps(0); // awaiting its answer with a full buffer: read again once answered
                return;
            }
            int n = channel.read(in);
            if (n < 0) {
                inputEnded = true;
                watchReads();
                closeIfDone();
                return;
            }
            if (n > 0 && state == State.READING) {
                lastActivityMillis = System.currentTimeMillis();
                if (!parser.inRequest()) {
                    requestStartMillis = lastActivityMillis;
                }
                processInput();
                closeIfDone();
            }
        }

        /** Read interest, unless the client has ended its side (a socket at EOF is always readable). */
        private void watchReads() {
            key.interestOps(inputEnded ? 0 : SelectionKey.OP_READ);
        }

        /**
         * Closes a connection whose client ended its side once nothing is left to answer: no request in
         * the service or being written, and what remains in the buffer is not a whole request.
         */
        private void closeIfDone() {
            if (inputEnded && state == State.READING && !closed) {
                close();
            }
        }

        /**
         * The buffer grows while headers are read, up to the header limit (plus room to detect it),
         * when the budget has room; else the request is answered {@code 503} (false).
         */
        private boolean grow() throws IOException {
            int limit = config.maxHeaderBytes() + 4;
            if (in.capacity() < limit) {
                int capacity = Math.min(limit, in.capacity() * 2);
                if (!budget.reserve(capacity - in.capacity())) {
                    counters.overBudget.increment();
                    respondAndClose(503, "server busy: request buffers in memory are at their limit");
                    return false;
                }
                ByteBuffer bigger = ByteBuffer.allocate(capacity);
                in.flip();
                bigger.put(in);
                in = bigger;
            }
            return true;
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
                            grow(); // answers 503 itself when the budget has no room
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
            pending = transaction;
            // still read, only to see the client leave (a pipelined request waits in the buffer)
            watchReads();
            if (service.submit(transaction, nextQueue++) == TransactionService.Admission.REJECTED) {
                pending = null;
                state = State.READING;
                respond(503, "text/plain", QUEUE_FULL_BODY);
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
            boolean headOnly = "HEAD".equals(parser.method);
            out = HttpResponses.response(status, contentType, body, closeAfterWrite, date(), headOnly, responseScratch);
            counters.responses.increment();
            state = State.WRITING;
            writeStartMillis = System.currentTimeMillis();
            writePending();
        }

        void writePending() throws IOException {
            channel.write(out);
            if (out.hasRemaining()) {
                if (out == responseScratch) { // the loop's next response reuses it: keep the rest apart
                    out = ByteBuffer.allocate(out.remaining()).put(out).flip();
                }
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
            watchReads();
            if (in.position() > 0) {
                requestStartMillis = lastActivityMillis;
                processInput(); // a pipelined request already received
            }
            closeIfDone();
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            connections.remove(this);
            counters.connectionsOpen.decrementAndGet();
            parser.reset(); // gives its body back to the budget
            budget.release(in.capacity());
            if (key != null) {
                key.cancel();
            }
            closeQuietly(channel);
        }
    }
}
