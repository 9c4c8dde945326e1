package mechsym.lab.ledger;

import java.util.List;

/**
 * One experiment of one recorded run: the verdict on the post with its sub-claims, and apart from it
 * mechsym's own goals (never part of the verdict), each with the figure that decided it. An immutable
 * value.
 *
 * @param status OK or FAILED, as results.json has it
 * @param verdict the verdict's outcome name (REPRODUCED, PARTLY, ...)
 */
public record RecordedVerdict(
        String runId,
        String experimentId,
        String status,
        String verdict,
        String reason,
        List<Judged> claims,
        List<Judged> goals) {
    public RecordedVerdict {
        claims = List.copyOf(claims);
        goals = List.copyOf(goals);
    }

    /**
     * A sub-claim or a goal, with its figure where it has one.
     *
     * @param what the sub-claim's or goal's words
     * @param outcome REPRODUCED, NOT_REPRODUCED, ... for a claim; MET, MISSED, NOT_MEASURABLE for a goal
     * @param median the deciding figure's median, or null when it has none
     * @param low its interval's lower end, or null
     * @param high its interval's upper end, or null
     * @param repetitions how many repetitions the interval rests on, or null
     * @param line the line (a claim) or bar (a goal) it was judged against, or null
     */
    public record Judged(
            String what,
            String outcome,
            String reason,
            Double median,
            Double low,
            Double high,
            Integer repetitions,
            String unit,
            Double line) {

        /** "1.9x (1.6–2.3, n=8)" or "—" without a figure. */
        public String figureText() {
            if (median == null) {
                return "—";
            }
            String u = unit == null ? "" : unit.equals("x") ? "x" : " " + unit;
            return mechsym.lab.report.Format.number(median)
                    + u
                    + (low != null && high != null && repetitions != null && repetitions > 1
                            ? " (" + mechsym.lab.report.Format.number(low) + "–"
                                    + mechsym.lab.report.Format.number(high) + ", n=" + repetitions + ")"
                            : "");
        }
    }
}
