package mechsym.lab.experiments.tcpping;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Goal;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The post's claim, the follow-up's findings and the goal fed made-up p50s (µs) on both sides of each line. */
class TcpPingFindingsTest {
    private static TcpPingFindings f(Double same, Double cross, Double select, Double ipc, Double spin, Double c) {
        return new TcpPingFindings(same, cross, select, ipc, spin, c);
    }

    @Test
    void crossCoreBelowSameCoreByThePostsSizeReproduces() {
        var v = f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).verdict();
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("1.50x").doesNotContain("goal").doesNotContain("select");
    }

    @Test
    void belowButLessThanThePostsSizeIsPartly() {
        var v = f(8.9, 6.0, 40.0, 1.0, 6.0, 6.0).verdict();
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(c -> c.outcome()).containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void crossCoreNotBelowIsNotReproduced() {
        assertThat(f(6.0, 6.0, 40.0, 1.0, 6.0, 6.0).verdict().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noSecondCpuIsNotMeasurableHereAndNoFiguresInconclusive() {
        var v = f(9.0, null, 40.0, 1.0, 9.0, 9.0).verdict();
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(v.reason()).contains("two CPUs");
        assertThat(f(null, null, null, null, null, null).verdict().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theFollowUpsRankingIsAFindingOnBothSides() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).followUp())
                .extracting(c -> c.outcome())
                .containsExactly(Outcome.REPRODUCED, Outcome.REPRODUCED);
        assertThat(f(9.0, 6.0, 5.0, 7.0, 6.0, 6.0).followUp())
                .extracting(c -> c.outcome())
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED);
        assertThat(f(9.0, 6.0, null, null, 6.0, 6.0).followUp())
                .extracting(c -> c.outcome())
                .containsOnly(Outcome.INCONCLUSIVE);
        assertThat(f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).followUp())
                .allSatisfy(c -> assertThat(c.claim()).contains("not in the seeds"));
    }

    @Test
    void javaWithinTenPercentOfCIsAGoal() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 10.9, 10.0).javaWithinTenPercentOfC().status())
                .isEqualTo(Goal.Status.MET);
        assertThat(f(9.0, 6.0, 40.0, 1.0, 11.2, 10.0).javaWithinTenPercentOfC())
                .satisfies(g -> assertThat(g.status()).isEqualTo(Goal.Status.MISSED))
                .satisfies(g -> assertThat(g.figures()).contains("1.12x"));
        assertThat(f(9.0, 6.0, 40.0, 1.0, 11.2, null).javaWithinTenPercentOfC().status())
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
