package mechsym.lab.experiments.jdbcprefetch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mechsym.lab.Measure;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;

/**
 * The post's three sub-claims, each judged on per-round ratios (the fetch sizes of a round measured
 * one after another, their order reversed every other round):
 *
 * <ul>
 *   <li>a larger fetch size cuts the round trips: reading the largest result, round trips at fetch size
 *       10 over those at the largest size at least {@value #FEWER_ROUND_TRIPS}x (the post gives no
 *       figure; the line is ours);
 *   <li>little benefit beyond 50-100: the time at fetch size 100 over the time at the largest size at
 *       most {@value #LITTLE_BENEFIT}x (the post's words, our line);
 *   <li>Oracle's driver allocates memory for the whole fetch size up front (500 costs 50x the memory of
 *       10): a few-row query's bytes at the post's 500 over those at 10 at least {@value #UP_FRONT}x;
 *       only an Oracle driver can show it, so on PostgreSQL it is NOT MEASURABLE HERE, naming the
 *       option that would show it.
 * </ul>
 *
 * Pure: figures in, verdict out.
 */
final class JdbcPrefetchClaims {
    static final double FEWER_ROUND_TRIPS = 5;
    static final double LITTLE_BENEFIT = 1.25;
    static final double UP_FRONT = 5;

    static final String ROUND_TRIPS = "a larger fetch size cuts the round trips";
    static final String BEYOND_100 = "little benefit from fetch sizes beyond 50-100";
    static final String ORACLE_UP_FRONT = "Oracle's driver allocates memory for the whole fetch size up front";

    private JdbcPrefetchClaims() {}

    /**
     * A run's figures: each list holds one figure per round, in round order; empty where not measured.
     *
     * @param roundTripsAt10 round trips reading the whole largest result at fetch size 10
     * @param roundTripsAtMax the same at the largest fetch size
     * @param timeAt100 microseconds reading the whole largest result at fetch size 100
     * @param timeAtMax the same at the largest fetch size
     * @param fewRowsBytesAt10 bytes the client allocated for a few-row query at fetch size 10
     * @param fewRowsBytesAtLarge the same at the post's 500 (or the largest size up to it)
     */
    record Figures(
            boolean oracle,
            int largestResult,
            int maxFetch,
            int largeFetch,
            List<Double> roundTripsAt10,
            List<Double> roundTripsAtMax,
            List<Double> timeAt100,
            List<Double> timeAtMax,
            List<Double> fewRowsBytesAt10,
            List<Double> fewRowsBytesAtLarge) {
        String headline() {
            return String.format(
                    Locale.ROOT,
                    "%d rows: %s round trips at fetch 10, %s at %d; a few-row query allocates %s bytes at fetch 10, %s"
                            + " at %d",
                    largestResult,
                    median(roundTripsAt10),
                    median(roundTripsAtMax),
                    maxFetch,
                    median(fewRowsBytesAt10),
                    median(fewRowsBytesAtLarge),
                    largeFetch);
        }

        private static String median(List<Double> values) {
            return values.isEmpty()
                    ? "n/a"
                    : String.format(
                            Locale.ROOT, "%.0f", Measure.of(values, null).value());
        }
    }

    static Verdict judge(Figures f) {
        List<Claim> claims = new ArrayList<>();
        if (f.roundTripsAt10().isEmpty() || f.roundTripsAtMax().isEmpty()) {
            claims.add(Claim.inconclusive(
                    ROUND_TRIPS, "round trips not counted (they need the proxy, which needs host:port in the URL)"));
        } else {
            claims.add(Claim.atLeast(
                            ROUND_TRIPS,
                            Measure.ratio(f.roundTripsAt10(), f.roundTripsAtMax()),
                            FEWER_ROUND_TRIPS,
                            String.format(
                                    Locale.ROOT,
                                    "reading %d rows, round trips at fetch size 10 over those at %d",
                                    f.largestResult(),
                                    f.maxFetch()))
                    .withOurLine());
        }
        if (f.timeAt100().isEmpty() || f.timeAtMax().isEmpty()) {
            claims.add(Claim.inconclusive(BEYOND_100, "the times at fetch size 100 and the largest were not measured"));
        } else {
            claims.add(Claim.atMost(
                            BEYOND_100,
                            Measure.ratio(f.timeAt100(), f.timeAtMax()),
                            LITTLE_BENEFIT,
                            String.format(
                                    Locale.ROOT,
                                    "reading %d rows, the time at fetch size 100 over the time at %d",
                                    f.largestResult(),
                                    f.maxFetch()))
                    .withOurLine());
        }
        if (!f.oracle()) {
            claims.add(Claim.notMeasurableHere(
                    ORACLE_UP_FRONT,
                    "an Oracle database and its driver (--jdbc-url jdbc:oracle:thin:...)",
                    "This run's database is PostgreSQL, whose driver allocates for the rows it receives"
                            + (f.fewRowsBytesAt10().isEmpty()
                                            || f.fewRowsBytesAtLarge().isEmpty()
                                    ? "."
                                    : String.format(
                                            Locale.ROOT,
                                            " (a few-row query: %s at fetch size %d against 10).",
                                            Measure.ratio(f.fewRowsBytesAtLarge(), f.fewRowsBytesAt10())
                                                    .text(),
                                            f.largeFetch()))));
        } else if (f.fewRowsBytesAt10().isEmpty() || f.fewRowsBytesAtLarge().isEmpty()) {
            claims.add(Claim.inconclusive(ORACLE_UP_FRONT, "the allocation was not measured"));
        } else {
            claims.add(Claim.atLeast(
                    ORACLE_UP_FRONT,
                    Measure.ratio(f.fewRowsBytesAtLarge(), f.fewRowsBytesAt10()),
                    UP_FRONT,
                    String.format(
                            Locale.ROOT,
                            "a few-row query's bytes at fetch size %d over those at 10 (the post: 50x at 500)",
                            f.largeFetch())));
        }
        return Verdict.fromClaims(claims);
    }
}
