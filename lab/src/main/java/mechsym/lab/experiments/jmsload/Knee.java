package mechsym.lab.experiments.jmsload;

import java.util.List;

/**
 * Where a request-reply service stops keeping up with a rising arrival rate. A second of the ramp
 * "keeps up" when every request due in it was answered with a correct body, none timed out, and its
 * 99th percentile stayed within {@link #P99_LIMIT_NANOS}. The knee is the first second that does not
 * keep up and is followed by another that does not either (one bad second, a GC or a journal flush,
 * is not a knee). Stateless; thread-safe.
 */
final class Knee {
    /** The response time a second's p99 must stay within to count as keeping up. */
    static final long P99_LIMIT_NANOS = 100_000_000L;

    /** One second of the ramp, as measured. */
    record SecondFigures(
            double offeredPerSecond, long offered, long replies, long failedChecks, long timeouts, long p99Nanos) {
        boolean keptUp() {
            return offered > 0
                    && failedChecks == 0
                    && timeouts == 0
                    && replies >= offered
                    && p99Nanos <= P99_LIMIT_NANOS;
        }

        String whyNot() {
            if (failedChecks > 0) {
                return failedChecks + " replies failed the body check";
            }
            if (timeouts > 0) {
                return timeouts + " requests timed out";
            }
            if (replies < offered) {
                return (offered - replies) + " of " + offered + " requests unanswered";
            }
            return String.format(java.util.Locale.ROOT, "p99 %.0f ms", p99Nanos / 1e6);
        }
    }

    /**
     * @param kneeRate the offered rate (per second) at the knee, or NaN if it kept up to the end
     * @param lastKeptUpRate the highest offered rate of a second before the knee that kept up, or NaN if none
     * @param reason why the knee second did not keep up, or null
     */
    record Result(double kneeRate, double lastKeptUpRate, String reason) {
        boolean keptUpThroughout() {
            return Double.isNaN(kneeRate);
        }
    }

    private Knee() {}

    static Result find(List<SecondFigures> seconds) {
        double lastKeptUp = Double.NaN;
        for (int i = 0; i < seconds.size(); i++) {
            SecondFigures s = seconds.get(i);
            if (s.keptUp()) {
                lastKeptUp = s.offeredPerSecond();
                continue;
            }
            boolean nextAlsoFails =
                    i + 1 >= seconds.size() || !seconds.get(i + 1).keptUp();
            if (nextAlsoFails) {
                return new Result(s.offeredPerSecond(), lastKeptUp, s.whyNot());
            }
        }
        return new Result(Double.NaN, lastKeptUp, null);
    }
}
