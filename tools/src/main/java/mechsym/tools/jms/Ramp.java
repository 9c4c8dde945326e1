package mechsym.tools.jms;

/**
 * An arrival rate rising linearly from {@code fromPerSecond} to {@code toPerSecond} over {@code
 * seconds}: Gatling's {@code rampUsersPerSec(from).to(to).during(seconds)}, one request per arrival.
 * Immutable.
 *
 * <p>The k-th request (from 0) is due at the time t where the arrivals so far, {@code from*t +
 * (to-from)*t²/(2*seconds)}, reach k.
 *
 * @param fromPerSecond rate at the start, > 0
 * @param toPerSecond rate at the end, > 0
 * @param seconds length, > 0
 */
public record Ramp(double fromPerSecond, double toPerSecond, double seconds) {
    public Ramp {
        if (!(fromPerSecond > 0) || !(toPerSecond > 0) || !(seconds > 0)) {
            throw new IllegalArgumentException("a ramp needs positive rates and length, not " + fromPerSecond + " -> "
                    + toPerSecond + " over " + seconds + " s");
        }
    }

    /** How many requests the ramp sends. */
    public long requests() {
        return (long) Math.floor((fromPerSecond + toPerSecond) / 2 * seconds);
    }

    /** When request {@code k} is due, in nanoseconds from the ramp's start. */
    public long dueNanos(long k) {
        double slope = (toPerSecond - fromPerSecond) / (2 * seconds);
        double t = Math.abs(slope) < 1e-12
                ? k / fromPerSecond
                : (-fromPerSecond + Math.sqrt(fromPerSecond * fromPerSecond + 4 * slope * k)) / (2 * slope);
        return (long) (t * 1e9);
    }

    /** The offered rate at {@code second} seconds into the ramp. */
    public double rateAt(double second) {
        return fromPerSecond + (toPerSecond - fromPerSecond) * Math.min(second, seconds) / seconds;
    }
}
