package mechsym.lab.experiments.tcpping;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.tcpping.TcpPingFigures.Case;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The post's same-core (SMT siblings) and cross-socket claims: not measurable without the hardware,
 * judged through per-round ratios with it, on both sides of each line and across it; one logical CPU
 * never decides.
 */
class TcpPingClaimsTest {
    @TempDir
    Path sys;

    private static final Case SPIN_CROSS = new Case("java", "spin", Placement.CROSS_CORE);
    private static final Case SPIN_SMT = new Case("java", "spin", Placement.SAME_CORE);
    private static final Case SPIN_SOCKETS = new Case("java", "spin", Placement.CROSS_SOCKET);
    private static final Case SPIN_ONE_CPU = new Case("java", "spin", Placement.ONE_CPU);

    /** Cross-core 6 µs in every round, {@code there} that times {@code factors[round]}. */
    private static TcpPingFigures figures(Case there, double... factors) {
        TcpPingFigures.Builder b = TcpPingFigures.builder(factors.length);
        for (int round = 0; round < factors.length; round++) {
            b.record(SPIN_CROSS, round, 6.0).record(there, round, 6.0 * factors[round]);
        }
        return b.build();
    }

    @Test
    void aTwoVcpuVmDecidesNothingEvenWithAOneCpuCaseThousandsOfTimesDearer() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);
        Verdict v = TcpPingClaims.judge(figures(SPIN_ONE_CPU, 1400, 1500), vm);

        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(v.claims()).hasSize(4).allMatch(c -> c.outcome() == Outcome.NOT_MEASURABLE_HERE);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_DEARER).reason()).contains("Needs: SMT siblings");
        assertThat(VerdictClaims.of(v, TcpPingClaims.SOCKET_DEARER).reason()).contains("Needs: two sockets");
    }

    @Test
    void smtSiblingsAtThePostsSizeReproduce() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);
        Verdict v = TcpPingClaims.judge(figures(SPIN_SMT, 1.5, 1.6, 1.7), smt);

        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_DEARER).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_BY_POST).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_BY_POST).reason())
                .contains("1.60x")
                .contains("n=3");
        assertThat(v.outcome()).as("one socket: the socket claims do not count").isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void dearerButBelowThePostsSizeIsPartlyAndAcrossTheLineUndecided() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);
        Verdict below = TcpPingClaims.judge(figures(SPIN_SMT, 1.1, 1.2, 1.4), smt);
        assertThat(VerdictClaims.of(below, TcpPingClaims.SMT_DEARER).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(below, TcpPingClaims.SMT_BY_POST).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(below.outcome()).isEqualTo(Outcome.PARTLY);

        Verdict straddles = TcpPingClaims.judge(figures(SPIN_SMT, 1.4, 1.5, 1.6), smt);
        assertThat(VerdictClaims.of(straddles, TcpPingClaims.SMT_BY_POST).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void smtSiblingsNoDearerIsNotReproduced() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);
        Verdict v = TcpPingClaims.judge(figures(SPIN_SMT, 0.8, 0.9, 0.95), smt);
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void twoSocketsAreJudgedByTheTestMachinesSize() throws IOException {
        CpuTopology big = MadeUpMachine.of(sys, 2, 2, 1);
        Verdict v = TcpPingClaims.judge(figures(SPIN_SOCKETS, 1.7, 1.8), big);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SOCKET_BY_POST).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_DEARER).outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        Verdict under = TcpPingClaims.judge(figures(SPIN_SOCKETS, 1.2, 1.3), big);
        assertThat(VerdictClaims.of(under, TcpPingClaims.SOCKET_BY_POST).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict across = TcpPingClaims.judge(figures(SPIN_SOCKETS, 0.9, 1.7), big);
        assertThat(VerdictClaims.of(across, TcpPingClaims.SOCKET_DEARER).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(VerdictClaims.of(across, TcpPingClaims.SOCKET_BY_POST).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        Verdict cheaper = TcpPingClaims.judge(figures(SPIN_SOCKETS, 0.8, 0.9), big);
        assertThat(VerdictClaims.of(cheaper, TcpPingClaims.SOCKET_DEARER).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aPlacementTheMachineHasButTheRunMissedIsUndecided() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);
        Verdict v = TcpPingClaims.judge(TcpPingFigures.builder(2).build(), smt);
        assertThat(VerdictClaims.of(v, TcpPingClaims.SMT_DEARER).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theFollowUpsRankingIsContextOnBothSides() {
        Case select = new Case("java", "select", Placement.CROSS_CORE);
        Case ipc = new Case("java", "ipc", Placement.CROSS_CORE);
        TcpPingFigures.Builder holds = TcpPingFigures.builder(2);
        TcpPingFigures.Builder fails = TcpPingFigures.builder(2);
        for (int round = 0; round < 2; round++) {
            holds.record(SPIN_CROSS, round, 6).record(select, round, 40).record(ipc, round, 1);
            fails.record(SPIN_CROSS, round, 6).record(select, round, 5).record(ipc, round, 7);
        }
        assertThat(TcpPingClaims.followUp(holds.build(), Placement.CROSS_CORE))
                .extracting(Verdict.Claim::outcome)
                .containsExactly(Outcome.REPRODUCED, Outcome.REPRODUCED);
        assertThat(TcpPingClaims.followUp(fails.build(), Placement.CROSS_CORE))
                .extracting(Verdict.Claim::outcome)
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.NOT_REPRODUCED);
        assertThat(TcpPingClaims.followUp(TcpPingFigures.builder(2).build(), Placement.CROSS_CORE))
                .extracting(Verdict.Claim::outcome)
                .containsOnly(Outcome.INCONCLUSIVE);
    }
}
