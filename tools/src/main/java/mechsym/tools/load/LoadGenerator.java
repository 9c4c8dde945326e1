package mechsym.tools.load;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.LatencySummary;
import mechsym.tools.latency.LoadMode;
import mechsym.tools.latency.SendSchedule;
import org.HdrHistogram.Histogram;

/**
 * An open-loop HTTP/1.1 load generator, wrk2's way: requests are due on a fixed schedule, each is
 * timed from when it was due (its intended start), not from when a connection was free to send it,
 * so a server stall shows in every request it delayed (no coordinated omission).
 *
 * <p>One thread, one selector, raw non-blocking sockets with keep-alive, one request per connection
 * at a time (no pipelining, as browsers and wrk). A due request takes an idle connection, else
 * opens a new one up to {@link LoadConfig#maxConnections()}, else waits in a backlog until one frees
 * (its clock already running). Responses are framed by {@code Content-Length}, {@code chunked} or
 * the connection's close ({@link ResponseReader}), so any HTTP/1.x server works.
 *
 * <p>Not thread-safe: {@link #run} once, on one thread.
 */
public final class LoadGenerator {
    private static final int READ_BUFFER = 64 * 1024;

    private final LoadConfig config;
    private final long intervalNanos;
    private final PrintStream progress;
    private final byte[] request;
    private final boolean headRequest;
    private final Map<String, LatencyRecorder> byOutcome = new LinkedHashMap<>();
    private final LatencyRecorder all = new LatencyRecorder(LoadMode.FIXED_RATE);
    private final Map<String, Long> errors = new LinkedHashMap<>();
    private final Map<String, Long> secondOutcomes = new LinkedHashMap<>();
    private final List<LoadResult.Second> timeline = new ArrayList<>();
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    /** When each request is due; those due and not yet sent (the backlog) are firstWaiting .. due - 1. */
    private SendSchedule sends;

    private long start;
    private long due;
    private long firstWaiting;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER);
    private Selector selector;
    private InetSocketAddress address;
    private int open;
    private int outstanding;
    private long connectionsOpened;
    private long sent;
    private long secondCompleted;

    /** A generator for {@code config}; {@code progress} (may be {@code null}) gets a line a second. */
    public LoadGenerator(LoadConfig config, PrintStream progress) {
        this(config, progress, 1_000);
    }

    /**
     * A generator whose timeline (and progress lines) has one entry every {@code intervalMillis}
     * instead of every second.
     */
    public LoadGenerator(LoadConfig config, PrintStream progress, long intervalMillis) {
        if (intervalMillis < 10) {
            throw new IllegalArgumentException("the timeline interval must be at least 10 ms, was " + intervalMillis);
        }
        this.intervalNanos = intervalMillis * 1_000_000L;
        this.config = config;
        this.progress = progress;
        this.request = config.requestBytes();
        this.headRequest = config.method().equals("HEAD");
    }

    /** Runs the schedule, waits up to the drain timeout for outstanding answers, and returns the figures. */
    public LoadResult run() throws IOException {
        address = new InetSocketAddress(config.target().getHost(), config.port());
        if (address.isUnresolved()) {
            throw new IOException("cannot resolve host " + config.target().getHost());
        }
        RateSchedule schedule = config.schedule();
        sends = schedule.sends();
        long totalNanos = sends.totalNanos();
        long drainNanos = config.drainTimeout().toNanos();
        try (Selector s = Selector.open()) {
            selector = s;
            start = System.nanoTime();
            long nextSecond = start + intervalNanos;
            int second = 0;
            while (true) {
                long now = System.nanoTime();
                while (due < sends.count() && start + sends.dueNanos(due) <= now) {
                    due++; // joins the backlog: its intended start is known from its number
                }
                dispatch();
                if (now >= nextSecond) {
                    second++;
                    endSecond(second, now, schedule.rateAt(nextSecond - start - intervalNanos));
                    nextSecond += intervalNanos;
                }
                boolean scheduleDone = due == sends.count();
                if (scheduleDone && outstanding == 0 && backlogEmpty()) {
                    break;
                }
                if (scheduleDone && now - start > totalNanos + drainNanos) {
                    giveUp(now);
                    break;
                }
                // a request due while every connection is busy just joins the backlog when the loop
                // next wakes (its intended time is already known), so there is no need to wake for it
                boolean canSend = !idle.isEmpty() || open < config.maxConnections();
                long wait = scheduleDone || !canSend ? 10_000_000L : start + sends.dueNanos(due) - now;
                wait = Math.min(wait, nextSecond - now);
                if (wait >= 1_000_000L) {
                    selector.select(wait / 1_000_000L);
                } else if (selector.selectNow() == 0 && wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, 50_000L)); // no busy spin: the server needs the cores
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    handle(key);
                }
                selector.selectedKeys().clear();
            }
            if (secondCompleted > 0) {
                endSecond(second + 1, System.nanoTime(), 0);
            }
            for (SelectionKey key : selector.keys()) {
                ((Connection) key.attachment()).close();
            }
        }
        Map<String, LatencySummary> summaries = new LinkedHashMap<>();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        byOutcome.forEach((k, r) -> {
            summaries.put(k, r.total());
            histograms.put(k, r.totalHistogram());
        });
        histograms.put("all", all.totalHistogram());
        return new LoadResult(
                schedule.describe(),
                totalNanos / 1e9,
                due,
                sent,
                summaries,
                all.total(),
                histograms,
                Map.copyOf(errors),
                connectionsOpened,
                List.copyOf(timeline));
    }

    /** Sends due requests on idle connections, opening new ones up to the limit. */
    private void dispatch() {
        while (!backlogEmpty()) {
            Connection c = idle.pollLast();
            if (c == null) {
                if (open >= config.maxConnections()) {
                    return;
                }
                c = connect();
                if (c == null) {
                    complete("error", pollBacklog(), System.nanoTime());
                    continue;
                }
            }
            c.send(pollBacklog());
        }
    }

    private Connection connect() {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            Connection c = new Connection(channel);
            boolean connected = channel.connect(address);
            c.key = channel.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, c);
            c.connected = connected;
            open++;
            connectionsOpened++;
            return c;
        } catch (IOException e) {
            error("connect: " + e.getMessage());
            if (channel != null) {
                try {
                    channel.close(); // e.g. "Network is unreachable" at once: the socket is ours to close
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            return null;
        }
    }

    private void handle(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        if (!key.isValid()) {
            return;
        }
        try {
            if (key.isConnectable()) {
                c.channel.finishConnect();
                c.connected = true;
                c.key.interestOps(SelectionKey.OP_READ);
                c.flush();
            }
            if (key.isValid() && key.isWritable()) {
                c.flush();
            }
            if (key.isValid() && key.isReadable()) {
                c.read();
            }
        } catch (IOException e) {
            c.fail(shortReason(e));
        }
    }

    private static String shortReason(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    private void complete(String outcome, long intendedNanos, long now) {
        byOutcome
                .computeIfAbsent(outcome, k -> new LatencyRecorder(LoadMode.FIXED_RATE))
                .recordFromIntendedStart(intendedNanos, now);
        if (!outcome.equals("error") && !outcome.equals("unanswered")) {
            all.recordFromIntendedStart(intendedNanos, now);
        }
        secondOutcomes.merge(outcome, 1L, Long::sum);
        secondCompleted++;
    }

    private void error(String reason) {
        errors.merge(reason, 1L, Long::sum);
    }

    /** The drain time ran out: what is still waiting is "unanswered", timed to now. */
    private void giveUp(long now) {
        while (!backlogEmpty()) {
            complete("unanswered", pollBacklog(), now);
        }
        for (SelectionKey key : new ArrayList<>(selector.keys())) {
            Connection c = (Connection) key.attachment();
            if (c.busy) {
                complete("unanswered", c.intended, now);
                c.busy = false;
                outstanding--;
            }
        }
    }

    private void endSecond(int second, long now, double rate) {
        LatencySummary latency = all.intervalSummary();
        timeline.add(new LoadResult.Second(
                second, (now - start) / 1e9, rate, secondCompleted, Map.copyOf(secondOutcomes), latency, open));
        if (progress != null) {
            progress.println(String.format(
                    Locale.ROOT,
                    "t=%.1fs rate=%.0f/s sent=%d done=%d %s conns=%d p50=%.3f p99=%.3f max=%.3f ms",
                    timeline.getLast().endSeconds(),
                    rate,
                    sent,
                    secondCompleted,
                    secondOutcomes,
                    open,
                    latency.p50Nanos() / 1e6,
                    latency.p99Nanos() / 1e6,
                    latency.maxNanos() / 1e6));
        }
        secondOutcomes.clear();
        secondCompleted = 0;
    }

    /** One keep-alive connection, one request at a time. */
    private final class Connection {
        final SocketChannel channel;
        final ResponseReader reader = new ResponseReader();
        SelectionKey key;
        boolean connected;
        boolean busy;
        boolean closed;
        long intended;
        ByteBuffer out;

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void send(long intendedNanos) {
            intended = intendedNanos;
            busy = true;
            outstanding++;
            sent++;
            reader.reset(headRequest);
            out = ByteBuffer.wrap(request);
            if (connected) {
                try {
                    flush();
                } catch (IOException e) {
                    fail(shortReason(e));
                }
            }
        }

        void flush() throws IOException {
            if (out == null) {
                return;
            }
            channel.write(out);
            if (out.hasRemaining()) {
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            } else {
                out = null;
                key.interestOps(SelectionKey.OP_READ);
            }
        }

        void read() throws IOException {
            readBuffer.clear();
            int n = channel.read(readBuffer);
            if (n < 0) {
                if (busy) {
                    ResponseReader.Result r = reader.closed();
                    if (r == ResponseReader.Result.COMPLETE) {
                        done(System.nanoTime());
                    } else {
                        fail(reader.error);
                        return;
                    }
                }
                close();
                return;
            }
            readBuffer.flip();
            if (!busy) {
                fail("bytes from the server with no request outstanding");
                return;
            }
            ResponseReader.Result r = reader.consume(readBuffer);
            if (r == ResponseReader.Result.ERROR) {
                fail(reader.error);
            } else if (r == ResponseReader.Result.COMPLETE) {
                long now = System.nanoTime();
                boolean leftover = readBuffer.hasRemaining();
                done(now);
                if (leftover) {
                    fail("bytes from the server after a complete response");
                } else if (reader.closeAfter) {
                    close();
                } else {
                    idle.addLast(this);
                }
            }
        }

        private void done(long now) {
            busy = false;
            outstanding--;
            complete(Integer.toString(reader.status), intended, now);
        }

        /** The request in flight (if any) failed: counted as an error; the connection is dropped. */
        void fail(String reason) {
            error(reason);
            if (busy) {
                busy = false;
                outstanding--;
                complete("error", intended, System.nanoTime());
            }
            close();
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            open--;
            idle.remove(this);
            key.cancel();
            try {
                channel.close();
            } catch (IOException ignored) {
                // gone anyway
            }
        }
    }

    private boolean backlogEmpty() {
        return firstWaiting == due;
    }

    /** The oldest request waiting for a connection: its intended start (on the nanoTime clock). */
    private long pollBacklog() {
        return start + sends.dueNanos(firstWaiting++);
    }
}
