package mechsym.lab.experiments.jmsload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The post's test judged on the persistent ramp (its setup), as sub-claims: every reply passes the
 * post's body check; the service keeps up over the rates this run's ramp reached; and it keeps up at the
 * post's top rate ({@link #POST_TOP_PER_SECOND}), judged only when the ramp reached it: a profile whose
 * ramp tops lower leaves that sub-claim undecided, never reproduced. "Keeps up" is {@link Knee}'s: every
 * request of a second answered correctly, none timed out, the second's p99 within 100 ms.
 */
final class JmsLoadVerdict {
    static final double POST_TOP_PER_SECOND = JmsLoadExperiment.POST_RAMP.toPerSecond();

    static final String CHECK = "every reply passes the post's body check (the text upper-cased)";
    static final String POST_TOP = String.format(
            Locale.ROOT, "keeps up at the post's top rate, %.0f requests/s, persistent", POST_TOP_PER_SECOND);

    private JmsLoadVerdict() {}

    /**
     * The persistent ramp's figures.
     *
     * @param knee where it stopped keeping up, if it did
     * @param offered requests sent
     * @param replies replies received
     * @param failedChecks replies whose body was wrong
     * @param fromPerSecond the ramp's first rate
     * @param topPerSecond the ramp's last rate: the highest this run offered
     */
    record Figures(
            Knee.Result knee,
            long offered,
            long replies,
            long failedChecks,
            double fromPerSecond,
            double topPerSecond) {}

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        boolean noReplies = f.offered() == 0 || f.replies() == 0;
        String none = "no reply was received (" + f.offered() + " requests sent): nothing to judge";
        if (noReplies) {
            claims.add(Claim.inconclusive(CHECK, none));
        } else {
            claims.add(Claim.judge(
                    CHECK,
                    f.failedChecks() == 0,
                    f.failedChecks() + " of " + f.replies() + " replies failed the body check"));
        }
        boolean reachedPostTop = f.topPerSecond() >= POST_TOP_PER_SECOND;
        if (!reachedPostTop) {
            String ramp = String.format(
                    Locale.ROOT,
                    "keeps up over this run's ramp, %.0f -> %.0f requests/s, persistent",
                    f.fromPerSecond(),
                    f.topPerSecond());
            claims.add(noReplies ? Claim.inconclusive(ramp, none) : keepsUp(ramp, f));
            claims.add(Claim.inconclusive(
                    POST_TOP,
                    String.format(
                            Locale.ROOT,
                            "not run: this run's ramp tops at %.0f requests/s, %.0f%% of the post's %.0f/s",
                            f.topPerSecond(),
                            100 * f.topPerSecond() / POST_TOP_PER_SECOND,
                            POST_TOP_PER_SECOND)));
        } else {
            claims.add(noReplies ? Claim.inconclusive(POST_TOP, none) : keepsUp(POST_TOP, f));
        }
        return Verdict.fromClaims(claims);
    }

    private static Claim keepsUp(String claim, Figures f) {
        Knee.Result knee = f.knee();
        if (knee.keptUpThroughout()) {
            return Claim.judge(
                    claim,
                    true,
                    String.format(
                            Locale.ROOT,
                            "kept up over the whole ramp to %.0f requests/s: every reply correct, none timed out,"
                                    + " every second's p99 within %d ms",
                            f.topPerSecond(),
                            Knee.P99_LIMIT_NANOS / 1_000_000));
        }
        return Claim.judge(
                claim,
                false,
                String.format(
                        Locale.ROOT,
                        "stopped keeping up at %.0f requests/s of %.0f (%s)%s",
                        knee.kneeRate(),
                        f.topPerSecond(),
                        knee.reason(),
                        Double.isNaN(knee.lastKeptUpRate())
                                ? ""
                                : String.format(Locale.ROOT, "; kept up to %.0f/s", knee.lastKeptUpRate())));
    }
}
