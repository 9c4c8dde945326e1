package mechsym.tools.latency;

import java.util.concurrent.locks.LockSupport;

/**
 * Decides when a sender's next request leaves and from when its latency counts: closed loop (now,
 * as soon as the previous answer came) or fixed rate (on the {@link SendSchedule} of {@code rate}
 * requests per second from the first call, however late the previous answer was).
 *
 * <p>With a fixed rate, {@link #awaitNext()} returns the request's <em>intended</em> start time, to
 * be passed to {@link LatencyRecorder#recordFromIntendedStart}: a stall that delays sending makes
 * every request it held up count from its intended time, so coordinated omission cannot hide it. It
 * parks until about 50 microseconds before the intended time, then spins.
 *
 * <p>Not thread-safe: one pacer per sending thread (give each of N threads {@code rate / N}).
 */
public final class Pacer {
    private static final long SPIN_NANOS = 50_000;

    /** Null in a closed loop. */
    private final SendSchedule schedule;

    private long start = Long.MIN_VALUE;
    private long sent;

    private Pacer(SendSchedule schedule) {
        this.schedule = schedule;
    }

    /** Each request leaves as soon as the previous one was answered. */
    public static Pacer closedLoop() {
        return new Pacer(null);
    }

    /**
     * Requests leave every {@code 1 / ratePerSecond} seconds.
     *
     * @throws IllegalArgumentException if the rate is not positive or above one request per nanosecond
     */
    public static Pacer fixedRate(double ratePerSecond) {
        return new Pacer(SendSchedule.fixedRate(ratePerSecond));
    }

    /** A fixed-rate pacer for {@code rate} (per second) when it is positive, else a closed loop. */
    public static Pacer of(double ratePerSecond) {
        return ratePerSecond > 0 ? fixedRate(ratePerSecond) : closedLoop();
    }

    /** The mode its latencies are measured under. */
    public LoadMode mode() {
        return schedule == null ? LoadMode.CLOSED_LOOP : LoadMode.FIXED_RATE;
    }

    /**
     * Waits until the next request is due and returns the time (on {@link System#nanoTime()}) its
     * latency counts from: now in a closed loop, the scheduled time at a fixed rate (possibly in the
     * past when the sender is behind; it then returns at once).
     */
    public long awaitNext() {
        long now = System.nanoTime();
        if (schedule == null) {
            return now;
        }
        if (start == Long.MIN_VALUE) {
            start = now;
        }
        long intended = start + schedule.dueNanos(sent++);
        for (long left = intended - now; left > 0; left = intended - System.nanoTime()) {
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(left - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
        return intended;
    }
}
