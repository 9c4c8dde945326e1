package mechsym.lab;

import java.util.List;

/**
 * One of mechsym's own targets for a component (core's SPSC queue at most as dear as the fastest
 * peer, the Java ping-pong within 15% of C++, ...), judged from this run's figures and reported beside
 * the verdict, never inside it: the verdict is about the post, a goal about mechsym.
 *
 * @param goal the target in a few words, with its bar ("SPSC offer+poll <= fastest peer")
 * @param status met, missed, or not measurable here (the figures name why)
 * @param figures the figures that decided it
 * @param measure the figure that decided it, with its interval over repetitions and its line (the
 *     goal's bar); null when not measured
 */
public record Goal(String goal, Status status, String figures, Measure measure) {
    public enum Status {
        MET,
        MISSED,
        /** The run could not measure it (a baseline missing, hardware lacking); the figures say why. */
        NOT_MEASURABLE
    }

    public Goal {
        Required.field(goal, "goal");
        Required.field(status, "status");
    }

    public Goal(String goal, Status status, String figures) {
        this(goal, status, figures, null);
    }

    /**
     * A goal decided by a fact, not a timing (a size, a count of allocations seen alike in every fork):
     * {@code fact} is what was seen and how many times ({@link Measure#exact}), the evidence in results.json.
     */
    public static Goal judge(String goal, boolean met, Measure fact, String figures) {
        Required.field(fact, "fact");
        return new Goal(goal, met ? Status.MET : Status.MISSED, figures, fact);
    }

    /**
     * Met when the whole interval of {@code measure} is at most {@code bar}, missed when the whole of it
     * is above; otherwise (it straddles the bar, or there is one repetition) not measurable: undecided.
     */
    public static Goal atMost(String goal, Measure measure, double bar, String figures) {
        return decide(goal, measure.against(bar), false, figures);
    }

    /** Met when the whole interval is at least {@code bar}; as {@link #atMost}, the other way. */
    public static Goal atLeast(String goal, Measure measure, double bar, String figures) {
        return decide(goal, measure.against(bar), true, figures);
    }

    private static Goal decide(String goal, Measure m, boolean above, String figures) {
        if (!m.hasInterval()) {
            return new Goal(goal, Status.NOT_MEASURABLE, Verdict.evidence(figures, m, "one repetition: undecided"), m);
        }
        boolean met = above ? m.low() >= m.line() : m.high() <= m.line();
        boolean missed = above ? m.high() < m.line() : m.low() > m.line();
        if (met == missed) {
            return new Goal(
                    goal,
                    Status.NOT_MEASURABLE,
                    Verdict.evidence(figures, m, "the interval straddles the bar: undecided"),
                    m);
        }
        return new Goal(goal, met ? Status.MET : Status.MISSED, Verdict.evidence(figures, m, null), m);
    }

    public static Goal notMeasurable(String goal, String why) {
        return new Goal(goal, Status.NOT_MEASURABLE, why);
    }

    /** "2 of 3 met", or "none" when there are no goals; not-measurable goals are counted apart. */
    public static String tally(List<Goal> goals) {
        if (goals.isEmpty()) {
            return "none";
        }
        long met = goals.stream().filter(g -> g.status() == Status.MET).count();
        long unmeasured =
                goals.stream().filter(g -> g.status() == Status.NOT_MEASURABLE).count();
        if (unmeasured == goals.size()) {
            return unmeasured + " not measurable";
        }
        return met + " of " + (goals.size() - unmeasured) + " met"
                + (unmeasured > 0 ? ", " + unmeasured + " not measurable" : "");
    }
}
