package mechsym.lab;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * How many rounds an experiment runs: a minimum, then one more at a time while a sub-claim's interval
 * still straddles its line, up to a maximum and within a time budget. Repetitions are spent where a
 * figure sits near its line and saved where it is far away (docs/statistics.md, "Adaptive
 * repetitions").
 *
 * <pre>{@code
 * AdaptiveRounds rounds = AdaptiveRounds.of(3, 6, Duration.ofSeconds(90));
 * while (rounds.another(() -> Claims.judge(figures))) {
 *     measure round rounds.current();
 * }
 * result.note(rounds.summary());
 * }</pre>
 *
 * <p>Looking at the claims after each round and stopping once they decide is optional stopping: it
 * lets a straddling interval take a few more chances to clear its line. The maximum keeps the number
 * of looks small, and the interval's own coverage is stated beside every figure.
 *
 * <p>Not thread safe: one experiment's round loop owns it.
 */
public final class AdaptiveRounds {
    private final int minimum;
    private final int maximum;
    private final Duration budget;
    private final LongSupplier nanoClock;
    private long startNanos;
    private int started;
    private String extendedFor;
    private boolean stoppedAtMaximum;
    private int beyondBudget; // the rounds that could have decided, when the budget stopped them; 0 if not

    private AdaptiveRounds(int minimum, int maximum, Duration budget, LongSupplier nanoClock) {
        if (minimum < 1 || maximum < minimum) {
            throw new IllegalArgumentException(
                    "rounds: need 1 <= minimum <= maximum, was " + minimum + " and " + maximum);
        }
        if (minimum < maximum && maximum < Measure.repetitionsToDropExtremes()) {
            throw new IllegalArgumentException("rounds: more than " + minimum + " but fewer than "
                    + Measure.repetitionsToDropExtremes() + " can only widen a straddling interval (its range);"
                    + " make the maximum at least that, or fix the count");
        }
        this.minimum = minimum;
        this.maximum = maximum;
        this.budget = Required.field(budget, "budget");
        this.nanoClock = nanoClock;
    }

    /** At least {@code minimum} rounds, at most {@code maximum}, no round started past {@code budget}. */
    public static AdaptiveRounds of(int minimum, int maximum, Duration budget) {
        return new AdaptiveRounds(minimum, maximum, budget, System::nanoTime);
    }

    /** A fixed number of rounds (the profile has no room for more). */
    public static AdaptiveRounds fixed(int rounds) {
        return new AdaptiveRounds(rounds, rounds, Duration.ofDays(1), System::nanoTime);
    }

    static AdaptiveRounds withClock(int minimum, int maximum, Duration budget, LongSupplier nanoClock) {
        return new AdaptiveRounds(minimum, maximum, budget, nanoClock);
    }

    /**
     * Whether to run another round: always up to the minimum; past it, only while {@code soFar} (the
     * sub-claims judged on the rounds run so far; called only past the minimum) has one whose interval
     * straddles its line, the maximum is not reached, and the rounds that could decide it still fit the
     * budget at the average round's pace so far.
     *
     * <p>Below {@link Measure#repetitionsToDropExtremes()} repetitions an interval is the range of the
     * repetitions, which another repetition can only widen: a straddling claim is extended only when
     * the maximum reaches that count, and the first extension must fit all the rounds up to it.
     */
    public boolean another(Supplier<Verdict> soFar) {
        if (started == 0) {
            startNanos = nanoClock.getAsLong();
        }
        if (started < minimum) {
            started++;
            return true;
        }
        Optional<Verdict.Claim> undecided =
                soFar.get().claims().stream().filter(AdaptiveRounds::straddles).findFirst();
        if (undecided.isEmpty()) {
            return false;
        }
        if (started >= maximum) {
            stoppedAtMaximum = true;
            return false;
        }
        int needed = extendedFor == null ? Math.max(1, Measure.repetitionsToDropExtremes() - started) : 1;
        long elapsed = nanoClock.getAsLong() - startNanos;
        if (elapsed + needed * (elapsed / started) > budget.toNanos()) {
            beyondBudget = started + needed;
            return false;
        }
        extendedFor = undecided.get().claim();
        started++;
        return true;
    }

    /** The round now running, from 0; valid after {@link #another} returned true. */
    public int current() {
        return started - 1;
    }

    /** How many rounds were started. */
    public int rounds() {
        return started;
    }

    /** A sub-claim whose interval straddles its line: more repetitions may decide it. */
    static boolean straddles(Verdict.Claim claim) {
        return claim.outcome() == Verdict.Outcome.INCONCLUSIVE
                && claim.measure() != null
                && claim.measure().line() != null
                && claim.measure().n() >= 2;
    }

    /** For the report: how many rounds ran and why that many. */
    public String summary() {
        return summary("round");
    }

    /** As {@link #summary()}, naming a repetition {@code repetition} ("fork") instead of a round. */
    public String summary(String repetition) {
        StringBuilder text = new StringBuilder();
        text.append(started).append(' ').append(repetition).append(started == 1 ? "" : "s");
        if (minimum == maximum) {
            return text.append(" (fixed in this profile)").toString();
        }
        text.append(" (at least ").append(minimum).append(", at most ").append(maximum);
        text.append(" within ").append(budget.toSeconds()).append(" s");
        if (started > minimum) {
            text.append("; more while '").append(extendedFor).append("' was undecided");
        }
        if (stoppedAtMaximum) {
            text.append("; stopped undecided at the maximum");
        } else if (beyondBudget > 0) {
            text.append("; stopped undecided: the ")
                    .append(beyondBudget)
                    .append(' ')
                    .append(repetition)
                    .append("s that could decide it would pass the budget");
        }
        return text.append(')').toString();
    }
}
