package mechsym.tools.echo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import mechsym.tools.OptionCheck;
import mechsym.tools.latency.LatencyRecorder;
import mechsym.tools.latency.Pacer;
import mechsym.tools.platform.UdpRoundTrip;

/**
 * The echo load client, the seed post's way: N threads, each with its own socket, each sending a
 * lower-case text datagram and waiting for its upper-cased answer before the next (closed loop), or
 * sending at {@code rate / N} per second timed from the intended send time (fixed rate). Every round
 * trip goes into one shared {@link LatencyRecorder}.
 *
 * <p>Never hangs: each round trip is a {@link UdpRoundTrip}; an answer not back within the timeout is
 * a lost message and the thread goes on; a late answer to a lost message is recognised (its text
 * names its sequence) and discarded; a thread that sees {@link #GIVE_UP_AFTER} losses in a row stops, and the run says the server is not
 * answering. Each call to {@link #run} uses its own threads; it returns when they have ended.
 */
public final class EchoClient {
    /** Consecutive losses after which a thread stops: the server is not there or not answering. */
    public static final int GIVE_UP_AFTER = 20;

    private EchoClient() {}

    /**
     * The load to apply.
     *
     * @param host the server
     * @param port its UDP port
     * @param threads sending threads, each with its own socket
     * @param count messages per thread
     * @param size bytes per message (text, {@code "<thread>:<seq>:"} then letters)
     * @param rate messages per second over all threads (fixed rate), or 0 for closed loops
     * @param timeoutMillis how long to wait for each answer before counting it lost
     */
    public record Options(String host, int port, int threads, long count, int size, double rate, long timeoutMillis) {
        /** Throws naming the option out of range. */
        public Options validate() {
            OptionCheck.port("--port", port, false);
            OptionCheck.inRange("--threads", threads, 1, 1024);
            OptionCheck.atLeast("--count", count, 1, "");
            OptionCheck.inRange("--size", size, 16, 65_507, "bytes");
            OptionCheck.rate("--rate", rate);
            OptionCheck.atLeast("--timeout", timeoutMillis, 1, "ms");
            return this;
        }
    }

    /**
     * What a run did besides its latencies.
     *
     * @param sent messages sent
     * @param answered answers received and checked
     * @param lost messages with no answer in time
     * @param stale late answers (to lost messages) discarded
     * @param gaveUp threads that stopped after {@link #GIVE_UP_AFTER} losses in a row
     */
    public record Outcome(long sent, long answered, long lost, long stale, int gaveUp) {
        /** Why nothing was measured, in one line (for a run with {@code answered == 0}). */
        public String whyNothingMeasured(Options options) {
            String why = UdpRoundTrip.nothingAnswered(
                    options.host() + ":" + options.port(), sent, lost, stale, options.timeoutMillis());
            return options.size() > EchoServer.MAX_DATAGRAM
                    ? why
                            + String.format(
                                    Locale.ROOT,
                                    "; an echo server answers datagrams up to %d bytes, not %d (--size)",
                                    EchoServer.MAX_DATAGRAM,
                                    options.size())
                    : why;
        }
    }

    /**
     * Runs the load and waits for every thread.
     *
     * @throws IOException one line naming the server when it is unknown or refuses (ICMP port
     *     unreachable), or a thread failed
     */
    public static Outcome run(Options options, LatencyRecorder recorder) throws IOException, InterruptedException {
        return run(options, recorder, Long.MAX_VALUE);
    }

    /**
     * As {@link #run(Options, LatencyRecorder)}, but each thread stops sending once it has run for
     * {@code maxNanos} (a lab's time budget; the outcome counts what was sent).
     */
    public static Outcome run(Options options, LatencyRecorder recorder, long maxNanos)
            throws IOException, InterruptedException {
        options.validate();
        InetSocketAddress server;
        try {
            server = new InetSocketAddress(InetAddress.getByName(options.host()), options.port());
        } catch (UnknownHostException e) {
            throw new IOException("unknown host '" + options.host() + "'");
        }
        LongAdder sent = new LongAdder();
        LongAdder answered = new LongAdder();
        LongAdder lost = new LongAdder();
        LongAdder stale = new LongAdder();
        LongAdder gaveUp = new LongAdder();
        AtomicReference<IOException> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < options.threads(); t++) {
            int id = t;
            Thread thread = new Thread(
                    () -> {
                        try {
                            Counts c = sendAll(options, server, id, recorder, maxNanos);
                            sent.add(c.sent);
                            answered.add(c.answered);
                            lost.add(c.lost);
                            stale.add(c.stale);
                            if (c.gaveUp) {
                                gaveUp.increment();
                            }
                        } catch (IOException e) {
                            failure.compareAndSet(null, e);
                        }
                    },
                    "echo-client-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return new Outcome(sent.sum(), answered.sum(), lost.sum(), stale.sum(), gaveUp.intValue());
    }

    private static final class Counts {
        long sent;
        long answered;
        long lost;
        long stale;
        boolean gaveUp;
    }

    private static Counts sendAll(
            Options o, InetSocketAddress server, int thread, LatencyRecorder recorder, long maxNanos)
            throws IOException {
        long begin = System.nanoTime();
        Counts counts = new Counts();
        String target = o.host() + ":" + o.port();
        byte[] request = new byte[o.size()];
        byte[] expected = new byte[o.size()];
        ByteBuffer out = ByteBuffer.wrap(request);
        ByteBuffer answer = ByteBuffer.wrap(expected);
        Pacer pacer = Pacer.of(o.rate() / o.threads());
        long timeoutNanos = o.timeoutMillis() * 1_000_000L;
        int lostInARow = 0;
        try (UdpRoundTrip udp = UdpRoundTrip.open(server, target, "echo", o.size(), UdpRoundTrip.Wait.SLEEP)) {
            try {
                for (long seq = 0; seq < o.count(); seq++) {
                    if (maxNanos != Long.MAX_VALUE && System.nanoTime() - begin > maxNanos) {
                        break;
                    }
                    fill(request, expected, thread, seq);
                    long intended = pacer.awaitNext();
                    long start = System.nanoTime();
                    boolean got = udp.exchange(out, answer, start + timeoutNanos);
                    long end = System.nanoTime();
                    if (!got) {
                        if (++lostInARow >= GIVE_UP_AFTER) {
                            counts.gaveUp = true;
                            return counts;
                        }
                        continue;
                    }
                    lostInARow = 0;
                    recorder.recordFromIntendedStart(o.rate() > 0 ? intended : start, end);
                }
            } finally {
                counts.sent = udp.sent();
                counts.answered = udp.answered();
                counts.lost = udp.lost();
                counts.stale = udp.stale();
            }
        }
        return counts;
    }

    /** The message {@code "<thread>:<seq>:"} padded with letters, and its upper case. */
    private static void fill(byte[] request, byte[] expected, int thread, long seq) {
        byte[] head = (thread + ":" + seq + ":").getBytes(StandardCharsets.US_ASCII);
        int n = Math.min(head.length, request.length);
        System.arraycopy(head, 0, request, 0, n);
        for (int i = n; i < request.length; i++) {
            request[i] = (byte) ('a' + i % 26);
        }
        for (int i = 0; i < request.length; i++) {
            byte b = request[i];
            expected[i] = (byte) (b >= 'a' && b <= 'z' ? b - 32 : b);
        }
    }
}
