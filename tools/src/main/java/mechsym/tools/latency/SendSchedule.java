package mechsym.tools.latency;

import java.time.Duration;
import java.util.List;
import mechsym.tools.OptionCheck;

/**
 * When each request of an open-loop load is due: the one schedule of intended send times behind the
 * ping pacer, {@code mechsym load} and the JMS load. A schedule is steps, each a rate held or ramped
 * linearly from one rate to another over a duration; a fixed rate may also run without end.
 *
 * <p>Request {@code k} (from 0) is due at the instant {@code t} where the requests due so far, the
 * integral of the rate from 0 to {@code t}, reach {@code k}: the first at once, and a ramp from 0
 * starts slowly. There are {@link #count()} requests, those due before the schedule's end.
 *
 * <p>Bounds: every rate is at most {@link OptionCheck#MAX_RATE} per second (one request a
 * nanosecond), and no step may be all zero. Immutable; thread-safe.
 */
public final class SendSchedule {
    /**
     * One phase: {@code fromRate} to {@code toRate} requests per second (equal for a held rate) over
     * {@code duration}.
     */
    public record Step(double fromRate, double toRate, Duration duration) {
        public Step {
            if (!(fromRate >= 0 && toRate >= 0) || (fromRate == 0 && toRate == 0)) {
                throw new IllegalArgumentException(
                        "a rate must be positive (requests per second), was " + OptionCheck.number(fromRate)
                                + (toRate != fromRate ? " to " + OptionCheck.number(toRate) : ""));
            }
            if (fromRate > OptionCheck.MAX_RATE || toRate > OptionCheck.MAX_RATE) {
                throw new IllegalArgumentException("a rate must be at most 1e9 per second (one request a"
                        + " nanosecond), was " + OptionCheck.number(Math.max(fromRate, toRate)));
            }
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("a duration must be positive, was " + duration);
            }
        }

        /** Requests due over the whole step (the area under its rate), not rounded. */
        double area() {
            return (fromRate + toRate) / 2 * seconds();
        }

        double seconds() {
            return duration.toNanos() / 1e9;
        }

        /** The time into the step, in seconds, at which {@code due} requests of it are due. */
        double secondsToReach(double due) {
            double slope = (toRate - fromRate) / (2 * seconds()); // due(t) = from t + slope t²
            if (Math.abs(slope) < 1e-12) {
                return due / fromRate;
            }
            double discriminant = Math.max(0, fromRate * fromRate + 4 * slope * due);
            return (-fromRate + Math.sqrt(discriminant)) / (2 * slope);
        }
    }

    private final List<Step> steps;
    /** Null for a fixed rate without end. */
    private final Double endlessRate;

    private final long count;
    private final long totalNanos;

    private SendSchedule(List<Step> steps, Double endlessRate) {
        this.steps = List.copyOf(steps);
        this.endlessRate = endlessRate;
        if (endlessRate != null) {
            this.count = Long.MAX_VALUE;
            this.totalNanos = Long.MAX_VALUE;
        } else {
            double area = 0;
            long nanos = 0;
            for (Step step : this.steps) {
                area += step.area();
                nanos += step.duration().toNanos();
            }
            // the requests due strictly before the end: k = 0 .. ceil(area) - 1 (a hair of slack for rounding)
            this.count = (long) Math.ceil(area - 1e-9);
            this.totalNanos = nanos;
        }
    }

    /** The phases in order (at least one). */
    public static SendSchedule of(List<Step> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one step");
        }
        return new SendSchedule(steps, null);
    }

    /** {@code perSecond} requests a second for {@code duration}. */
    public static SendSchedule fixedRate(double perSecond, Duration duration) {
        return of(List.of(new Step(perSecond, perSecond, duration)));
    }

    /** {@code perSecond} requests a second, without end ({@link #count()} is {@link Long#MAX_VALUE}). */
    public static SendSchedule fixedRate(double perSecond) {
        new Step(perSecond, perSecond, Duration.ofSeconds(1)); // the rate's checks
        return new SendSchedule(List.of(), perSecond);
    }

    /** From {@code fromPerSecond} to {@code toPerSecond}, linearly, over {@code during}. */
    public static SendSchedule ramp(double fromPerSecond, double toPerSecond, Duration during) {
        return of(List.of(new Step(fromPerSecond, toPerSecond, during)));
    }

    /** The steps (empty for a fixed rate without end). */
    public List<Step> steps() {
        return steps;
    }

    /** How many requests are due in all: {@link Long#MAX_VALUE} for a fixed rate without end. */
    public long count() {
        return count;
    }

    /** The schedule's length in nanoseconds ({@link Long#MAX_VALUE} without end). */
    public long totalNanos() {
        return totalNanos;
    }

    /**
     * When request {@code k} is due, in nanoseconds from the start.
     *
     * @throws IllegalArgumentException if {@code k} is negative or not below {@link #count()}
     */
    public long dueNanos(long k) {
        if (k < 0 || k >= count) {
            throw new IllegalArgumentException("request " + k + " is not in a schedule of " + count);
        }
        if (endlessRate != null) {
            return Math.round(k * (1e9 / endlessRate));
        }
        double before = 0;
        long start = 0;
        for (Step step : steps) {
            double area = step.area();
            if (k < before + area || step == steps.getLast()) {
                long into = Math.round(step.secondsToReach(k - before) * 1e9);
                return start + Math.min(into, step.duration().toNanos() - 1);
            }
            before += area;
            start += step.duration().toNanos();
        }
        throw new AssertionError("unreachable: a schedule has at least one step");
    }

    /** The rate (requests per second) {@code nanos} after the start; 0 after the end. */
    public double rateAt(long nanos) {
        if (endlessRate != null) {
            return endlessRate;
        }
        long start = 0;
        for (Step step : steps) {
            long length = step.duration().toNanos();
            if (nanos < start + length) {
                double fraction = (nanos - start) / (double) length;
                return step.fromRate() + (step.toRate() - step.fromRate()) * fraction;
            }
            start += length;
        }
        return 0;
    }
}
