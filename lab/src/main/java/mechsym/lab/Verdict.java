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
     */
    public record Claim(String claim, Outcome outcome, String reason) {
        public Claim {
            Required.field(claim, "claim");
            Required.field(outcome, "outcome");
            if (outcome == Outcome.PARTLY) {
                throw new IllegalArgumentException("a sub-claim holds or not: split it, '" + claim + "'");
            }
        }

        public static Claim judge(String claim, boolean holds, String figures) {
            return new Claim(claim, holds ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED, figures);
        }

        public static Claim inconclusive(String claim, String why) {
            return new Claim(claim, Outcome.INCONCLUSIVE, why);
        }

        public static Claim notMeasurableHere(String claim, String needs, String why) {
            return new Claim(claim, Outcome.NOT_MEASURABLE_HERE, needsText(needs, why));
        }
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
     * The verdict of a post made of sub-claims. Those this machine cannot show are listed and left out:
     * the rest decide (all reproduced: REPRODUCED; none: NOT_REPRODUCED; some: PARTLY); an inconclusive
     * sub-claim makes a verdict that would have been REPRODUCED or NOT_REPRODUCED only PARTLY or
     * INCONCLUSIVE. When none can be shown here the verdict is NOT_MEASURABLE_HERE.
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
        } else if (inconclusive > 0) {
            outcome = reproduced + notReproduced > 0 ? Outcome.PARTLY : Outcome.INCONCLUSIVE;
        } else {
            outcome = reproduced > 0 ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED;
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
        for (Claim claim : claims) {
            reason.append(' ')
                    .append(claim.claim())
                    .append(": ")
                    .append(label(claim.outcome()))
                    .append(claim.reason() == null || claim.reason().isBlank() ? "." : " (" + claim.reason() + ").");
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
