package mechsym.lab.experiments.jmsload;

import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;

/**
 * The post's claim, judged: it announces a DSL and shows a simulation whose every reply is checked
 * ("HELLO FROM GATLING JMS DSL") while the load ramps; it makes no performance claim and publishes no
 * figure. What this run can show of it is that the post's request-reply test runs as written against
 * a real broker: every reply passes the post's body check, over each ramp the run makes (persistent, as
 * the post, and non-persistent). The post gives no count; the line, zero failed checks, is ours.
 * Whether mechsym's service keeps up with the ramp is mechsym's goal ({@link JmsLoadGoals}), not the
 * post's claim. Pure: figures in, verdict out.
 */
final class JmsLoadClaims {
    static final String CHECK = "every reply passes the post's body check (the text upper-cased)";

    private JmsLoadClaims() {}

    /**
     * One ramp's figures.
     *
     * @param mode "persistent" or "non-persistent"
     * @param offered requests sent
     * @param replies replies received
     * @param failedChecks replies whose body was wrong
     */
    record Ramp(String mode, long offered, long replies, long failedChecks) {}

    /** The run's ramps, persistent first. */
    record Figures(List<Ramp> ramps) {}

    static Verdict judge(Figures f) {
        List<Ramp> answered = f.ramps().stream().filter(r -> r.replies() > 0).toList();
        if (answered.isEmpty()) {
            long sent = f.ramps().stream().mapToLong(Ramp::offered).sum();
            return Verdict.fromClaims(List.of(
                    Claim.inconclusive(CHECK, "no reply was received (" + sent + " requests sent): nothing to judge")));
        }
        long failed = answered.stream().mapToLong(Ramp::failedChecks).sum();
        long replies = answered.stream().mapToLong(Ramp::replies).sum();
        StringBuilder figures = new StringBuilder();
        for (Ramp r : answered) {
            figures.append(figures.isEmpty() ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT, "%s %d of %d replies failed", r.mode(), r.failedChecks(), r.replies()));
        }
        // a count, not a timing: every failed check counts, in any ramp
        Measure count = Measure.exact(failed, "failed checks", answered.size()).against(0);
        return Verdict.fromClaims(List.of(new Claim(
                CHECK,
                failed == 0 ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED,
                figures
                        + String.format(
                                Locale.ROOT,
                                ": %d failed checks in %d replies over %d ramps",
                                failed,
                                replies,
                                answered.size()),
                count,
                true)));
    }
}
