package mechsym.lab;

import java.util.List;
import java.util.Locale;

/**
 * Whether this run reproduced the post's claim, at the post's size, computed from this run's figures.
 * It judges the post alone: mechsym's own targets (speed against peers or C) are {@link Goal}s, reported
 * beside it. A claim this machine cannot show (no SMT siblings, one socket, too few cores, no second
 * host) is {@link Outcome#NOT_MEASURABLE_HERE}, naming what it needs, never counted as holding or failing.
 *
 * @param outcome the answer
 * @param reason one or two sentences quoting the figures that decided it
 * @param claims the post's sub-claims, each judged (empty when the claim is one statement)
 */
public record Verdict(Outcome outcome, String reason, List<Claim> claims) {

    public enum Outcome {
        REPRODUCED,
        PARTLY,
        NOT_REPRODUCED,
        /** The figures did not decide (too noisy, a run failed). */
        INCONCLUSIVE,
        /** This machine lacks what the claim needs; the reason names the hardware that would show it. */
        NOT_MEASURABLE_HERE
    }

    /**
     * One of the post's sub-claims, judged at the post's size.
     *
     * @param claim the sub-claim in a few words, as the post makes it
     * @param outcome its answer
     * @param reason the figures that decided it, or, when not measurable here, what the machine lacks
     * @param measure the figure that decided it, with its interval over repetitions and its line; null for
     *     a sub-claim this machine cannot show or a run that measured nothing
     * @param lineIsOurs true where the post gives no figure and the line is mechsym's reading of it
     */
    public record Claim(String claim, Outcome outcome, String reason, Measure measure, boolean lineIsOurs) {
        public Claim {
            Required.field(claim, "claim");
            Required.field(outcome, "outcome");
            if (outcome == Outcome.PARTLY) {
                throw new IllegalArgumentException("a sub-claim holds or not: split it, '" + claim + "'");
            }
        }

        public Claim(String claim, Outcome outcome, String reason) {
            this(claim, outcome, reason, null, false);
        }

        /**
         * A sub-claim decided by a fact the run observed, not by a figure with an interval (an instruction
         * found in compiled code, an encoded size): {@code fact} is what was seen and how many times alike
         * ({@link Measure#exact}), kept as the evidence in results.json. A timing never decides this way:
         * use {@link #atLeast} or {@link #atMost}.
         */
        public static Claim judge(String claim, boolean holds, Measure fact, String figures) {
            Required.field(fact, "fact");
            return new Claim(claim, holds ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED, figures, fact, false);
        }

        /**
         * The post says the figure is at least {@code line}: REPRODUCED when the whole interval is at or
         * above it, NOT_REPRODUCED when the whole interval is below, INCONCLUSIVE when it straddles the
         * line or there is one repetition.
         *
         * @param figures the figures in words ("Java 33 ns against C 21 ns at 2 threads"); the measure's
         *     interval and the line are added to them
         */
        public static Claim atLeast(String claim, Measure measure, double line, String figures) {
            return decide(claim, measure.against(line), Measure.Side.ABOVE, figures);
        }

        /** The post says the figure is at most {@code line}; decided as {@link #atLeast}, the other way. */
        public static Claim atMost(String claim, Measure measure, double line, String figures) {
            return decide(claim, measure.against(line), Measure.Side.BELOW, figures);
        }

        private static Claim decide(String claim, Measure m, Measure.Side holds, String figures) {
            if (!m.hasInterval()) {
                return new Claim(
                        claim,
                        Outcome.INCONCLUSIVE,
                        evidence(figures, m, "one repetition: no interval to decide by"),
                        m,
                        false);
            }
            boolean above = holds == Measure.Side.ABOVE;
            boolean wholly = above ? m.low() >= m.line() : m.high() <= m.line();
            boolean whollyNot = above ? m.high() < m.line() : m.low() > m.line();
            if (wholly == whollyNot) {
                return new Claim(
                        claim,
                        Outcome.INCONCLUSIVE,
                        evidence(figures, m, "the interval straddles the line: undecided"),
                        m,
                        false);
            }
            return new Claim(
                    claim, wholly ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED, evidence(figures, m, null), m, false);
        }

        /** This sub-claim with a note that the post gives no figure and the line is mechsym's reading. */
        public Claim withOurLine() {
            return new Claim(claim, outcome, reason, measure, true);
        }

        public static Claim inconclusive(String claim, String why) {
            return new Claim(claim, Outcome.INCONCLUSIVE, why);
        }

        public static Claim notMeasurableHere(String claim, String needs, String why) {
            return new Claim(claim, Outcome.NOT_MEASURABLE_HERE, needsText(needs, why));
        }
    }

    /** "figures: 1.9x, 95% CI 1.6–2.3x, n=8; the line 2x[: undecided]". */
    static String evidence(String figures, Measure m, String how) {
        StringBuilder text = new StringBuilder();
        if (figures != null && !figures.isBlank()) {
            text.append(figures).append(": ");
        }
        text.append(m.text());
        if (m.line() != null) {
            text.append("; the line ").append(Measure.number(m.line()));
            text.append(m.unit() == null ? "" : m.unit().equals("x") ? "x" : " " + m.unit());
        }
        if (how != null) {
            text.append("; ").append(how);
        }
        return text.toString();
    }

    public Verdict {
        Required.field(outcome, "outcome");
        claims = claims == null ? List.of() : List.copyOf(claims);
    }

    public Verdict(Outcome outcome, String reason) {
        this(outcome, reason, List.of());
    }

    public static Verdict reproduced(String reason) {
        return new Verdict(Outcome.REPRODUCED, reason);
    }

    public static Verdict partly(String reason) {
        return new Verdict(Outcome.PARTLY, reason);
    }

    public static Verdict notReproduced(String reason) {
        return new Verdict(Outcome.NOT_REPRODUCED, reason);
    }

    public static Verdict inconclusive(String reason) {
        return new Verdict(Outcome.INCONCLUSIVE, reason);
    }

    /** The claim needs hardware this machine lacks: {@code needs} names it ("two sockets", ">= 4 cores"). */
    public static Verdict notMeasurableHere(String needs, String reason) {
        return new Verdict(Outcome.NOT_MEASURABLE_HERE, needsText(needs, reason));
    }

    /**
     * The verdict of a post made of sub-claims. Those this machine cannot show are left out and the rest
     * decide: all reproduced is REPRODUCED; some reproduced and the others not, or undecided, is PARTLY;
     * none reproduced and some not is NOT_REPRODUCED (nothing reproduced is never PARTLY); all undecided
     * is INCONCLUSIVE. When none can be shown here the verdict is NOT_MEASURABLE_HERE. The reason is the
     * tally alone: each sub-claim's figures are in its own {@link Claim#reason}, shown once beside it.
     */
    public static Verdict fromClaims(List<Claim> claims) {
        if (claims.isEmpty()) {
            throw new IllegalArgumentException("a verdict from sub-claims needs at least one");
        }
        long reproduced = count(claims, Outcome.REPRODUCED);
        long notReproduced = count(claims, Outcome.NOT_REPRODUCED);
        long inconclusive = count(claims, Outcome.INCONCLUSIVE);
        long notMeasurable = count(claims, Outcome.NOT_MEASURABLE_HERE);
        Outcome outcome;
        if (notMeasurable == claims.size()) {
            outcome = Outcome.NOT_MEASURABLE_HERE;
        } else if (reproduced > 0 && notReproduced > 0) {
            outcome = Outcome.PARTLY;
        } else if (reproduced > 0) {
            outcome = inconclusive > 0 ? Outcome.PARTLY : Outcome.REPRODUCED;
        } else if (notReproduced > 0) {
            outcome = Outcome.NOT_REPRODUCED; // nothing reproduced is never PARTLY
        } else {
            outcome = Outcome.INCONCLUSIVE;
        }
        StringBuilder reason = new StringBuilder();
        if (outcome == Outcome.NOT_MEASURABLE_HERE) {
            reason.append("None of the ").append(claims.size()).append(" sub-claims can be shown on this machine.");
        } else {
            reason.append(String.format(
                    Locale.ROOT, "%d of %d sub-claims reproduced here", reproduced, claims.size() - notMeasurable));
            if (notReproduced > 0) {
                reason.append(", ").append(notReproduced).append(" not");
            }
            if (inconclusive > 0) {
                reason.append(", ").append(inconclusive).append(" undecided");
            }
            if (notMeasurable > 0) {
                reason.append("; ").append(notMeasurable).append(" cannot be shown on this machine");
            }
            reason.append('.');
        }
        return new Verdict(outcome, reason.toString(), claims);
    }

    /** The outcome as the report writes it: "NOT MEASURABLE HERE". */
    public static String label(Outcome outcome) {
        return outcome.name().replace('_', ' ');
    }

    private static long count(List<Claim> claims, Outcome outcome) {
        return claims.stream().filter(c -> c.outcome() == outcome).count();
    }

    private static String needsText(String needs, String why) {
        Required.field(needs, "needs");
        return (why == null || why.isBlank() ? "" : why + " ") + "Needs: " + needs + ".";
    }
}
