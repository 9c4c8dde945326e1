package mechsym.lab.experiments.tcpping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.tcpping.TcpPingExperiment.Placement;
import mechsym.lab.rigs.pingpong.MadeUpMachine;
import mechsym.tools.platform.CpuTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The post's same-core (SMT) and cross-socket findings: not measurable without the hardware, judged with it. */
class TcpPingPlacementsTest {
    @TempDir
    Path sys;

    private static final Placement ONE_CPU = new Placement("one-cpu", CpuTopology.Placement.ONE_CPU, 0, 0);
    private static final Placement CROSS_CORE = new Placement("cross-core", CpuTopology.Placement.CROSS_CORE, 0, 1);

    @Test
    void aTwoVcpuVmNamesTheSiblingsAndSocketsItLacks() throws Exception {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);
        List<Claim> claims = TcpPingExperiment.placementClaims(Map.of(), List.of(ONE_CPU, CROSS_CORE), vm);

        assertThat(claims).hasSize(2).allMatch(c -> c.outcome() == Outcome.NOT_MEASURABLE_HERE);
        assertThat(claims.get(0).reason()).contains("Needs: SMT siblings");
        assertThat(claims.get(1).reason()).contains("Needs: two sockets");
    }

    @Test
    void aMachineWithThePlacementsJudgesThemFromItsFigures() throws Exception {
        CpuTopology big = MadeUpMachine.of(sys, 2, 2, 2);
        List<Placement> placements = List.of(
                ONE_CPU,
                CROSS_CORE,
                new Placement("same-core", CpuTopology.Placement.SAME_CORE, 0, 4),
                new Placement("cross-socket", CpuTopology.Placement.CROSS_SOCKET, 0, 2));
        // no figures measured: undecided, never not-measurable, never held
        List<Claim> claims = TcpPingExperiment.placementClaims(Map.of(), placements, big);

        assertThat(claims).hasSize(2).allMatch(c -> c.outcome() == Outcome.INCONCLUSIVE);
    }
}
