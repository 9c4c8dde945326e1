package mechsym.tools.platform;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Locale;

/**
 * One UDP round trip at a time on a connected channel, with the rules every UDP client of mechsym
 * shares (ping's {@code udp} transport, echo's client): the request goes, then answers are read until
 * one equals the expected answer (answered) or the deadline passes (lost). An answer that is not the
 * expected one (the late answer to an earlier message counted lost, or a server that truncates or
 * changes what it sends back) is discarded and counted stale, and the wait goes on.
 *
 * <p>Waiting: {@link Wait#SPIN} polls the non-blocking channel (a busy CPU, the lowest latency);
 * {@link Wait#SLEEP} sleeps in {@code select} until an answer or the deadline, the time left rounded
 * up to a whole millisecond, so a deadline 1 ms away is waited for. Nothing is allocated per round
 * trip. Not thread-safe: one instance per thread.
 */
public final class UdpRoundTrip implements AutoCloseable {
    /** How the thread waits for an answer. */
    public enum Wait {
        /** Busy-polls the channel. */
        SPIN,
        /** Sleeps in {@code select}. */
        SLEEP
    }

    private final DatagramChannel channel;
    private final Selector selector;
    private final String target;
    private final String service;
    private final ByteBuffer answer;
    private long sent;
    private long answered;
    private long lost;
    private long stale;

    private UdpRoundTrip(DatagramChannel channel, Selector selector, String target, String service, int maxAnswer) {
        this.channel = channel;
        this.selector = selector;
        this.target = target;
        this.service = service;
        this.answer = ByteBuffer.allocateDirect(maxAnswer + 1); // one byte over: a longer answer shows
    }

    /**
     * Opens a channel connected to {@code server}.
     *
     * @param target the server as the user named it ({@code host:port}), for messages
     * @param service what serves there ({@code ping}, {@code echo}), for the refused message
     * @param maxAnswer the longest answer expected, in bytes
     * @throws IOException naming {@code target} when the channel cannot be opened or connected
     */
    public static UdpRoundTrip open(InetSocketAddress server, String target, String service, int maxAnswer, Wait wait)
            throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        Selector selector = null;
        try {
            channel.connect(server);
            channel.configureBlocking(false);
            if (wait == Wait.SLEEP) {
                selector = Selector.open();
                channel.register(selector, SelectionKey.OP_READ);
            }
            return new UdpRoundTrip(channel, selector, target, service, maxAnswer);
        } catch (IOException | RuntimeException e) {
            try (channel;
                    Selector _ = selector) {
                throw new IOException("cannot reach " + target + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Sends {@code request} (position to limit) and waits until {@code deadlineNanos} ({@link
     * System#nanoTime()}) for an answer equal to {@code expected} (position to limit). Neither buffer's
     * position or limit changes.
     *
     * @return true when answered (the answer is then {@link #answer()}), false when lost
     * @throws IOException naming the server when it refuses (ICMP port unreachable) or the channel fails
     */
    public boolean exchange(ByteBuffer request, ByteBuffer expected, long deadlineNanos) throws IOException {
        int position = request.position();
        try {
            channel.write(request);
            request.position(position); // the request may be the expected answer too
            sent++;
            int spins = 0;
            while (true) {
                answer.clear();
                int n = channel.read(answer);
                if (n > 0) {
                    answer.flip();
                    if (answer.remaining() == expected.remaining() && answer.mismatch(expected) < 0) {
                        answered++;
                        return true;
                    }
                    stale++;
                    if (System.nanoTime() - deadlineNanos >= 0) { // a flood of stale answers ends at the deadline too
                        lost++;
                        return false;
                    }
                } else if (selector != null) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0) {
                        lost++;
                        return false;
                    }
                    selector.select(Math.max(1, (left + 999_999) / 1_000_000));
                    selector.selectedKeys().clear();
                } else if ((++spins & 0x3FF) == 0 && System.nanoTime() - deadlineNanos >= 0) {
                    lost++;
                    return false;
                } else {
                    Thread.onSpinWait();
                }
            }
        } catch (PortUnreachableException e) {
            throw new IOException(
                    "connection refused by " + target + " (no " + service + " server listening there?)", e);
        } catch (IOException e) {
            throw new IOException(target + ": " + e.getMessage(), e);
        } finally {
            request.position(position);
        }
    }

    /** The last answer that matched, from its position to its limit; valid until the next exchange. */
    public ByteBuffer answer() {
        return answer;
    }

    /** Requests sent. */
    public long sent() {
        return sent;
    }

    /** Requests answered with the expected answer. */
    public long answered() {
        return answered;
    }

    /** Requests with no expected answer by their deadline. */
    public long lost() {
        return lost;
    }

    /** Answers discarded for not being the expected one. */
    public long stale() {
        return stale;
    }

    /**
     * Why a run answered nothing, in one line: how many messages went where, how many found no answer
     * in time and how many answers were not the ones expected.
     */
    public static String nothingAnswered(String target, long sent, long lost, long stale, long timeoutMillis) {
        StringBuilder why = new StringBuilder(String.format(
                Locale.ROOT,
                "nothing measured: none of the %d messages sent to %s was answered within %d ms",
                sent,
                target,
                timeoutMillis));
        if (stale > 0) {
            why.append(String.format(
                    Locale.ROOT,
                    "; %d answers were not the ones expected (a server that truncates or changes them?)",
                    stale));
        } else if (lost > 0) {
            why.append(" (is the server running, and reachable?)");
        }
        return why.toString();
    }

    @Override
    public void close() throws IOException {
        try (channel;
                Selector _ = selector) {
            // both closed, the channel even when the selector fails
        }
    }
}
