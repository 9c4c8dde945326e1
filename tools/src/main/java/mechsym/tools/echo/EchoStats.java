package mechsym.tools.echo;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * The echo server's counters. Written by the server's threads, read by any thread at any time (each
 * a {@link LongAdder}: no lock, no allocation once warmed up; a reading taken while datagrams flow is
 * a snapshot of each counter, not of all at one instant).
 */
public final class EchoStats {
    final LongAdder received = new LongAdder();
    final LongAdder answered = new LongAdder();
    final LongAdder dropped = new LongAdder();
    final LongAdder empty = new LongAdder();
    final LongAdder oversized = new LongAdder();
    final LongAdder invalid = new LongAdder();
    final LongAdder sendFailed = new LongAdder();
    final LongAdder receiveFailed = new LongAdder();

    /** Datagrams received. */
    public long received() {
        return received.sum();
    }

    /** Datagrams answered (sent back upper-cased). */
    public long answered() {
        return answered.sum();
    }

    /** Datagrams dropped because a ring (or the thread pool's queue) was full: UDP has no back pressure. */
    public long dropped() {
        return dropped.sum();
    }

    /** Empty datagrams (answered with an empty datagram). */
    public long empty() {
        return empty.sum();
    }

    /**
     * Datagrams longer than {@link EchoServer#MAX_DATAGRAM} bytes, or whose upper case would not fit
     * the answer's slot (not answered).
     */
    public long oversized() {
        return oversized.sum();
    }

    /** Datagrams that are not valid UTF-8 (not answered). */
    public long invalid() {
        return invalid.sum();
    }

    /** Answers the operating system refused to send. */
    public long sendFailed() {
        return sendFailed.sum();
    }

    /** Receives that failed while the server was open (the receiving thread goes on to the next). */
    public long receiveFailed() {
        return receiveFailed.sum();
    }

    /**
     * One line: {@code received=... answered=... dropped=... empty=... oversized=... invalid=...
     * send-failed=... receive-failed=...}.
     */
    public String toLine() {
        return String.format(
                Locale.ROOT,
                "received=%d answered=%d dropped=%d empty=%d oversized=%d invalid=%d send-failed=%d receive-failed=%d",
                received(),
                answered(),
                dropped(),
                empty(),
                oversized(),
                invalid(),
                sendFailed(),
                receiveFailed());
    }
}
