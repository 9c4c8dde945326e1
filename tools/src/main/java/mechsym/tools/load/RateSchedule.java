package mechsym.tools.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.tools.latency.SendSchedule;

/**
 * {@code mechsym load}'s arrival rate over time as the user writes it (a fixed rate, a ramp, steps),
 * over the one {@link SendSchedule} that says when each request is due. Immutable; any thread.
 */
public final class RateSchedule {
    private final SendSchedule sends;

    private RateSchedule(SendSchedule sends) {
        this.sends = sends;
    }

    /** When each request is due, and how many there are. */
    public SendSchedule sends() {
        return sends;
    }

    /** The phases in order. */
    public List<SendSchedule.Step> steps() {
        return sends.steps();
    }

    /** {@code rate} requests per second for {@code duration}. */
    public static RateSchedule fixed(double rate, Duration duration) {
        return new RateSchedule(SendSchedule.fixedRate(rate, duration));
    }

    /** From {@code from} to {@code to} requests per second, linearly, over {@code during}. */
    public static RateSchedule ramp(double from, double to, Duration during) {
        return new RateSchedule(SendSchedule.ramp(from, to, during));
    }

    /**
     * Parses steps written {@code RATE:DURATION[,RATE:DURATION...]}, e.g. {@code 100:5s,200:5s}, or
     * {@code FROM-TO:DURATION} for a ramp step; durations as for {@link #parseDuration}.
     *
     * @throws IllegalArgumentException naming the step that is wrong
     */
    public static RateSchedule parseSteps(String text) {
        List<SendSchedule.Step> steps = new ArrayList<>();
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
                steps.add(new SendSchedule.Step(from, to, duration));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("step '" + part + "': '" + rates + "' is not a rate");
            }
        }
        return new RateSchedule(SendSchedule.of(steps));
    }

    /** The longest duration {@link #parseDuration} takes: longer is a typing mistake, and overflows nanoseconds. */
    public static final Duration MAX_DURATION = Duration.ofDays(7);

    /**
     * A duration such as {@code 30s}, {@code 500ms}, {@code 2m} or a bare number of seconds, from 0 to
     * {@link #MAX_DURATION}.
     *
     * @throws IllegalArgumentException naming the text when it is not one, is negative or too long
     */
    public static Duration parseDuration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        double millis;
        try {
            if (t.endsWith("ms")) {
                millis = Double.parseDouble(t.substring(0, t.length() - 2));
            } else if (t.endsWith("s")) {
                millis = Double.parseDouble(t.substring(0, t.length() - 1)) * 1000;
            } else if (t.endsWith("m")) {
                millis = Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000;
            } else {
                millis = Double.parseDouble(t) * 1000;
            }
        } catch (NumberFormatException e) {
            millis = Double.NaN;
        }
        if (Double.isNaN(millis) || t.endsWith("d") || t.endsWith("f")) { // Java's 1d and 1f are not durations
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. 30s, 500ms, 2m)");
        }
        if (millis < 0) {
            throw new IllegalArgumentException("'" + text + "': a duration cannot be negative");
        }
        if (millis > MAX_DURATION.toMillis()) {
            throw new IllegalArgumentException("'" + text + "': a duration of at most 7 days (168h) is taken");
        }
        return Duration.ofMillis(Math.round(millis));
    }

    /** The whole schedule's length. */
    public Duration total() {
        return Duration.ofNanos(sends.totalNanos());
    }

    /** The rate (requests per second) {@code nanos} after the start; 0 after the end. */
    public double rateAt(long nanos) {
        return sends.rateAt(nanos);
    }

    /** E.g. {@code 1000/s for 10s} or {@code 100->1000/s over 10s, then ...}. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        for (SendSchedule.Step step : steps()) {
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
