package mechsym.lab.experiments.interthreadlatency;

import mechsym.lab.ForkedJvm;
import mechsym.lab.rigs.threads.PaddedCell;

/**
 * The post's InterThreadLatency program, run in a forked JVM: two threads hand a counter back and
 * forth through two cells, busy-spinning, and the round-trip time (RTT) is the run's time divided
 * by its round trips.
 *
 * <pre>
 *   ping thread                            pong thread
 *   publish(ping, i)   ------------------>  while (read(ping) != i) spin
 *   while (read(pong) != i) spin            publish(pong, i)
 *                      <------------------
 * </pre>
 *
 * <p>The access mode is fixed for the JVM by {@code -Dmechsym.pingpong.mode}: a {@code static
 * final} the JIT folds, so each fork compiles exactly one variant and the loop is the post's. It is
 * a JVM property rather than a field of the {@link Input} because the class's static initializer
 * reads it, before {@code main} has an input; a mode read from the input would be a field the JIT
 * cannot fold, and a branch in the loop the post's program never had:
 *
 * <ul>
 *   <li>{@code VOLATILE}: a volatile field, as in the post ({@code mov} + {@code lock addl} on x86);
 *   <li>{@code RELEASE_ACQUIRE}: {@code setRelease} / {@code getAcquire} (a plain {@code mov});
 *   <li>{@code OPAQUE}: {@code setOpaque} / {@code getOpaque} (no ordering of other accesses).
 * </ul>
 *
 * <p>Changes from the post: long cells, each padded on its own 128 bytes (the post's two static
 * ints shared a line), and runs bounded by time (the ping side checks the clock every 1024 round
 * trips, then sends {@link #STOP}), so a loaded machine cannot stretch a run without bound.
 *
 * <p>Its input gives the length of a run and the runs (the first is the warm-up; the parent leaves
 * it out).
 */
public final class PingPong {
    /** The access modes compared. */
    public enum Mode {
        VOLATILE,
        RELEASE_ACQUIRE,
        OPAQUE
    }

    /** The JVM property fixing the access mode: read in the static initializer, so the JIT folds it. */
    static final String MODE_PROPERTY = "mechsym.pingpong.mode";

    private static final Mode MODE = Mode.valueOf(System.getProperty(MODE_PROPERTY, Mode.VOLATILE.name()));
    private static final long STOP = -2;

    /** One run's figure, sent to the parent. */
    public record Run(String mode, int run, long roundTrips, long durationNs, double rttNs) {}

    private static final PaddedCell PING = new PaddedCell(-1);
    private static final PaddedCell PONG = new PaddedCell(-1);

    private PingPong() {}

    private static void publish(PaddedCell cell, long v) {
        if (MODE == Mode.VOLATILE) {
            cell.value = v;
        } else if (MODE == Mode.RELEASE_ACQUIRE) {
            PaddedCell.VALUE.setRelease(cell, v);
        } else {
            PaddedCell.VALUE.setOpaque(cell, v);
        }
    }

    private static long read(PaddedCell cell) {
        if (MODE == Mode.VOLATILE) {
            return cell.value;
        } else if (MODE == Mode.RELEASE_ACQUIRE) {
            return (long) PaddedCell.VALUE.getAcquire(cell);
        } else {
            return (long) PaddedCell.VALUE.getOpaque(cell);
        }
    }

    /** The ping side: round trips until the deadline, then STOP; returns the round trips made. */
    static long ping(long deadlineNanos) {
        long i = 0;
        for (; ; i++) {
            publish(PING, i);
            while (read(PONG) != i) {
                // busy spin
            }
            if ((i & 1023) == 1023 && System.nanoTime() >= deadlineNanos) {
                break;
            }
        }
        publish(PING, STOP);
        return i + 1;
    }

    /** The pong side: acknowledges each value until STOP. */
    static void pong() {
        for (long i = 0; ; i++) {
            long seen;
            while ((seen = read(PING)) != i) {
                if (seen == STOP) {
                    return;
                }
            }
            publish(PONG, i);
        }
    }

    /** One run: both threads started afresh, as in the post. */
    static Run runOnce(int run, long runMillis) throws InterruptedException {
        PING.value = -1;
        PONG.value = -1;
        long[] result = new long[2];
        Thread pongThread = new Thread(PingPong::pong, "pong");
        Thread pingThread = new Thread(
                () -> {
                    long start = System.nanoTime();
                    result[0] = ping(start + runMillis * 1_000_000L);
                    result[1] = System.nanoTime() - start;
                },
                "ping");
        pongThread.start();
        pingThread.start();
        pingThread.join();
        pongThread.join();
        long roundTrips = result[0];
        // the post prints ping= and pong=: pong must have acknowledged every round trip
        if (PONG.value != roundTrips - 1) {
            throw new IllegalStateException("pong ended at " + PONG.value + " after " + roundTrips + " round trips");
        }
        return new Run(MODE.name(), run, roundTrips, result[1], result[1] / (double) roundTrips);
    }

    /** How long each run lasts, and how many runs one fork makes. */
    public record Input(long runMillis, int runs) {}

    public static void main(String[] args) throws InterruptedException {
        Input input = ForkedJvm.input(args, Input.class);
        long runMillis = input.runMillis();
        int runs = input.runs();
        for (int run = 0; run < runs; run++) {
            ForkedJvm.emit(runOnce(run, runMillis));
        }
    }
}
