package mechsym.tools.jms;

import java.time.Duration;
import mechsym.tools.latency.SendSchedule;

/**
 * An arrival rate rising linearly from {@code fromPerSecond} to {@code toPerSecond} over {@code
 * seconds}: Gatling's {@code rampUsersPerSec(from).to(to).during(seconds)}, one request per arrival.
 * When each is due is the {@link SendSchedule#ramp} of the same rates. Immutable.
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

    /** When each request is due. */
    public SendSchedule sends() {
        return SendSchedule.ramp(fromPerSecond, toPerSecond, Duration.ofNanos(Math.round(seconds * 1e9)));
    }

    /** How many requests the ramp sends. */
    public long requests() {
        return sends().count();
    }

    /** The offered rate at {@code second} seconds into the ramp. */
    public double rateAt(double second) {
        return fromPerSecond + (toPerSecond - fromPerSecond) * Math.min(second, seconds) / seconds;
    }
}
