package mechsym.lab.experiments.jdbcprefetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import org.junit.jupiter.api.Test;

/** Each of the post's sub-claims on both sides of its line, straddling it, and unmeasured. */
class JdbcPrefetchClaimsTest {
    private static List<Double> rounds(double... values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }

    private static JdbcPrefetchClaims.Figures figures(
            boolean oracle,
            List<Double> rt10,
            List<Double> rtMax,
            List<Double> t100,
            List<Double> tMax,
            List<Double> b10,
            List<Double> bLarge) {
        return new JdbcPrefetchClaims.Figures(oracle, 10_000, 1000, 500, rt10, rtMax, t100, tMax, b10, bLarge);
    }

    private static final List<Double> RT_10 = rounds(1001, 1001, 1001, 1001, 1001, 1001);
    private static final List<Double> RT_1000 = rounds(11, 11, 11, 11, 11, 11);
    private static final List<Double> SAME_TIME = rounds(5000, 5100, 4900, 5050, 4950, 5000);

    @Test
    void fewerRoundTripsAndLittleBenefitBeyond100OnPostgresWithOracleNotMeasurable() {
        Verdict v = JdbcPrefetchClaims.judge(
                figures(false, RT_10, RT_1000, SAME_TIME, SAME_TIME, rounds(100, 100), rounds(110, 110)));
        assertThat(VerdictClaims.of(v, JdbcPrefetchClaims.ROUND_TRIPS).outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, JdbcPrefetchClaims.BEYOND_100).outcome()).isEqualTo(Outcome.REPRODUCED);
        var oracle = VerdictClaims.of(v, JdbcPrefetchClaims.ORACLE_UP_FRONT);
        assertThat(oracle.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(oracle.reason()).contains("Needs: an Oracle database");
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, JdbcPrefetchClaims.ROUND_TRIPS).lineIsOurs())
                .isTrue();
    }

    @Test
    void roundTripsNotCutFailsThatSubClaim() {
        Verdict v = JdbcPrefetchClaims.judge(
                figures(false, rounds(3, 3, 3), rounds(2, 2, 2), SAME_TIME, SAME_TIME, List.of(), List.of()));
        assertThat(VerdictClaims.of(v, JdbcPrefetchClaims.ROUND_TRIPS).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aBigGainBeyond100FailsAndAStraddlingOneIsUndecided() {
        List<Double> slower = rounds(8000, 8100, 7900, 8050, 7950, 8000); // 1.6x the largest size's time
        Verdict failed =
                JdbcPrefetchClaims.judge(figures(false, RT_10, RT_1000, slower, SAME_TIME, List.of(), List.of()));
        assertThat(VerdictClaims.of(failed, JdbcPrefetchClaims.BEYOND_100).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        List<Double> around = rounds(5500, 6800, 6000, 6500, 6100, 6400); // 1.10x .. 1.36x the largest's
        Verdict straddles =
                JdbcPrefetchClaims.judge(figures(false, RT_10, RT_1000, around, SAME_TIME, List.of(), List.of()));
        assertThat(VerdictClaims.of(straddles, JdbcPrefetchClaims.BEYOND_100).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void onOracleTheUpFrontAllocationIsJudgedBothWays() {
        Verdict upFront = JdbcPrefetchClaims.judge(figures(
                true,
                RT_10,
                RT_1000,
                SAME_TIME,
                SAME_TIME,
                rounds(5000, 5000, 5000),
                rounds(250_000, 240_000, 260_000)));
        assertThat(VerdictClaims.of(upFront, JdbcPrefetchClaims.ORACLE_UP_FRONT).outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Verdict notUpFront = JdbcPrefetchClaims.judge(figures(
                true, RT_10, RT_1000, SAME_TIME, SAME_TIME, rounds(5000, 5000, 5000), rounds(6000, 5900, 6100)));
        assertThat(VerdictClaims.of(notUpFront, JdbcPrefetchClaims.ORACLE_UP_FRONT)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(notUpFront.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void nothingCountedIsInconclusive() {
        Verdict v = JdbcPrefetchClaims.judge(
                figures(false, List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
