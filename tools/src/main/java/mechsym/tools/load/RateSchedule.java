package mechsym.tools.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The arrival rate over time, as steps: each holds a rate, or ramps linearly from one rate to
 * another, for a duration. Gives the intended start time of each request: the next one leaves
 * {@code 1 / rate} after the previous, at the rate in force then. Immutable; any thread.
 *
 * @param steps the phases in order (at least one)
 */
public record RateSchedule(List<Step> steps) {

    /**
     * One phase: {@code fromRate} to {@code toRate} requests per second (equal for a constant rate)
     * over {@code duration}.
     */
    public record Step(double fromRate, double toRate, Duration duration) {
        public Step {
            if (!(fromRate >= 0 && toRate >= 0) || (fromRate == 0 && toRate == 0)) {
                throw new IllegalArgumentException("a rate must be positive (requests per second), was " + fromRate
                        + (toRate != fromRate ? " to " + toRate : ""));
            }
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("a duration must be positive, was " + duration);
            }
        }
    }

    public RateSchedule {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one step");
        }
        steps = List.copyOf(steps);
    }

    /** {@code rate} requests per second for {@code duration}. */
    public static RateSchedule fixed(double rate, Duration duration) {
        return new RateSchedule(List.of(new Step(rate, rate, duration)));
    }

    /** From {@code from} to {@code to} requests per second, linearly, over {@code during}. */
    public static RateSchedule ramp(double from, double to, Duration during) {
        return new RateSchedule(List.of(new Step(from, to, during)));
    }

    /**
     * Parses steps written {@code RATE:DURATION[,RATE:DURATION...]}, e.g. {@code 100:5s,200:5s}, or
     * {@code FROM-TO:DURATION} for a ramp step; durations as for {@link #parseDuration}.
     *
     * @throws IllegalArgumentException naming the step that is wrong
     */
    public static RateSchedule parseSteps(String text) {
        List<Step> steps = new ArrayList<>();
        for (String part : text.split(",")) {
            int colon = part.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("step '" + part + "' is not RATE:DURATION (e.g. 100:5s)");
            }
            String rates = part.substring(0, colon).strip();
            Duration duration = parseDuration(part.substring(colon + 1).strip());
            try {
                int dash = rates.indexOf('-', 1);
                double from = Double.parseDouble(dash > 0 ? rates.substring(0, dash) : rates);
                double to = dash > 0 ? Double.parseDouble(rates.substring(dash + 1)) : from;
                steps.add(new Step(from, to, duration));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("step '" + part + "': '" + rates + "' is not a rate");
            }
        }
        return new RateSchedule(steps);
    }

    /**
     * A duration such as {@code 30s}, {@code 500ms}, {@code 2m} or a bare number of seconds.
     *
     * @throws IllegalArgumentException naming the text when it is not one
     */
    public static Duration parseDuration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            }
            if (t.endsWith("m")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
            }
            return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 30s, 500ms, 2m)");
        }
    }

    /** The whole schedule's length. */
    public Duration total() {
        Duration total = Duration.ZERO;
        for (Step step : steps) {
            total = total.plus(step.duration());
        }
        return total;
    }

    /** The rate (requests per second) {@code nanos} after the start; 0 after the end. */
    public double rateAt(long nanos) {
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

    /**
     * The intended start of the request after one intended at {@code nanos} (from the start), or
     * {@code -1} once past the end: the instant at which the schedule's cumulative count (the
     * integral of its rate) has grown by one, so a ramp from 0 starts slowly but at once.
     */
    public long next(long nanos) {
        double target = cumulative(nanos) + 1;
        double before = 0;
        long start = 0;
        for (Step step : steps) {
            double seconds = step.duration().toNanos() / 1e9;
            double count = (step.fromRate() + step.toRate()) / 2 * seconds;
            if (target <= before + count) {
                long at = Math.max(nanos + 1, start + Math.round(offsetOf(step, seconds, target - before) * 1e9));
                return at < total().toNanos() ? at : -1;
            }
            before += count;
            start += step.duration().toNanos();
        }
        return -1;
    }

    /** Requests due from the start up to {@code nanos}: the integral of the rate. */
    double cumulative(long nanos) {
        double count = 0;
        long start = 0;
        for (Step step : steps) {
            long length = step.duration().toNanos();
            double seconds = length / 1e9;
            if (nanos < start + length) {
                double x = (nanos - start) / 1e9;
                return count + step.fromRate() * x + (step.toRate() - step.fromRate()) * x * x / (2 * seconds);
            }
            count += (step.fromRate() + step.toRate()) / 2 * seconds;
            start += length;
        }
        return count;
    }

    /** The time into {@code step} (seconds) at which its cumulative count reaches {@code count}. */
    private static double offsetOf(Step step, double seconds, double count) {
        double r0 = step.fromRate();
        double a = (step.toRate() - r0) / (2 * seconds);
        if (Math.abs(a) < 1e-12) {
            return count / r0;
        }
        double discriminant = Math.max(0, r0 * r0 + 4 * a * count);
        return (-r0 + Math.sqrt(discriminant)) / (2 * a);
    }

    /** The number of requests the schedule sends (counted by walking it). */
    public long expectedRequests() {
        long count = 0;
        for (long t = 0; t >= 0; t = next(t)) {
            count++;
        }
        return count;
    }

    /** E.g. {@code 1000/s for 10s} or {@code 100->1000/s over 10s, then ...}. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        for (Step step : steps) {
            if (!s.isEmpty()) {
                s.append(", then ");
            }
            if (step.fromRate() == step.toRate()) {
                s.append(fmt(step.fromRate())).append("/s for ");
            } else {
                s.append(fmt(step.fromRate()))
                        .append("->")
                        .append(fmt(step.toRate()))
                        .append("/s over ");
            }
            s.append(step.duration().toMillis() / 1000.0).append('s');
        }
        return s.toString();
    }

    private static String fmt(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
    }
}
