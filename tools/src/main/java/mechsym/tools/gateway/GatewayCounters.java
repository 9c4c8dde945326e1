package mechsym.tools.gateway;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway's counters, updated by gateway and service threads, read by anyone (each a snapshot).
 * The books balance: {@code accepted = answered + inFlight} once no submit or answer is half-way
 * (each side updates its two counters one after the other).
 */
final class GatewayCounters {
    /** Transactions admitted into an input queue. */
    final LongAdder accepted = new LongAdder();
    /** Transactions refused because the queue was full (answered {@code 503}). */
    final LongAdder rejected = new LongAdder();
    /** Transactions the service ran and answered (whether or not the client was still there). */
    final LongAdder answered = new LongAdder();
    /** Accepted and not yet answered. */
    final AtomicLong inFlight = new AtomicLong();
    /** Upward crossings of the queue's alert threshold. */
    final LongAdder alerts = new LongAdder();
    /** Times a gateway thread waited for room ({@link QueuePolicy#BLOCK}), 20 us each. */
    final LongAdder blockedWaits = new LongAdder();
    /** Requests answered {@code 400}, {@code 413}, {@code 431} or {@code 501}. */
    final LongAdder badRequests = new LongAdder();
    /** Connections closed by a request, idle or write timeout. */
    final LongAdder timeouts = new LongAdder();
    /** Requests answered {@code 503} because their buffers would not fit the gateway's budget. */
    final LongAdder overBudget = new LongAdder();
    /** Requests answered {@code 503} because their service thread died before answering them. */
    final LongAdder unanswered = new LongAdder();
    /** Answers whose client had gone (or been answered {@code 503}) before they could be written. */
    final LongAdder answersDropped = new LongAdder();

    final LongAdder connectionsAccepted = new LongAdder();
    final LongAdder connectionsRefused = new LongAdder();
    final AtomicLong connectionsOpen = new AtomicLong();
    /** Responses written (every status). */
    final LongAdder responses = new LongAdder();
}
