package mechsym.lab.rigs.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.tools.platform.CpuTopology;
import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuPairTest {
    @TempDir
    Path sys;

    @Test
    void aTwoVcpuVmCannotShowSmtSiblingsOrSocketsAndSaysWhy() throws IOException {
        CpuTopology vm = MadeUpMachine.of(sys, 1, 2, 1);

        assertThat(CpuPair.of(vm, Placement.CROSS_CORE))
                .hasValueSatisfying(p -> assertThat(p.label()).isEqualTo("two cores, one socket, pinned (0 | 1)"));
        assertThat(CpuPair.of(vm, Placement.ONE_CPU))
                .hasValueSatisfying(p -> assertThat(p.label()).isEqualTo("one CPU, pinned (0 | 0)"));
        assertThat(CpuPair.notMeasurableHere(vm, Placement.CROSS_CORE, "x")).isEmpty();
        Claim smt = CpuPair.notMeasurableHere(vm, Placement.SAME_CORE, "same core slower")
                .orElseThrow();
        assertThat(smt.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(smt.reason()).contains("no SMT siblings").contains("Needs: SMT siblings");
        assertThat(CpuPair.notMeasurableHere(vm, Placement.CROSS_SOCKET, "cross socket slower")
                        .orElseThrow()
                        .reason())
                .contains("Needs: two sockets");
    }

    @Test
    void aSmtMachineShowsSiblingsAndNeedsNoClaim() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);

        assertThat(CpuPair.of(smt, Placement.SAME_CORE))
                .hasValueSatisfying(p -> assertThat(p.label()).isEqualTo("SMT siblings, one core, pinned (0 | 2)"));
        assertThat(CpuPair.notMeasurableHere(smt, Placement.SAME_CORE, "x")).isEmpty();
    }

    @Test
    void claimsThatCannotBeShownAreAddedWithoutChangingTheOutcome() {
        Claim smt = Claim.notMeasurableHere("same core", "SMT siblings", "none here.");
        Verdict plain = CpuPair.withPlacementClaims(Verdict.reproduced("faster."), "the rest", List.of(smt));
        assertThat(plain.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(plain.reason()).startsWith("faster. same core: NOT MEASURABLE HERE");
        assertThat(plain.claims()).containsExactly(smt);
        assertThat(CpuPair.withPlacementClaims(Verdict.reproduced("faster (2x)"), "the rest", List.of(smt))
                        .reason())
                .startsWith("faster (2x). same core: NOT MEASURABLE HERE");

        Verdict fromClaims = Verdict.fromClaims(List.of(Claim.judge("a", true, "1"), Claim.judge("b", false, "2")));
        Verdict folded = CpuPair.withPlacementClaims(fromClaims, "the rest", List.of(smt));
        assertThat(folded.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(folded.claims()).hasSize(3).endsWith(smt);
        assertThat(CpuPair.withPlacementClaims(fromClaims, "the rest", List.of()))
                .isSameAs(fromClaims);
    }

    @Test
    void aJudgedPlacementClaimCountsBesideASingleStatementVerdict() {
        Claim slower = Claim.judge("cross socket slower", false, "13 vs 8 us");
        Verdict v = CpuPair.withPlacementClaims(Verdict.reproduced("faster."), "the rest", List.of(slower));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(Claim::claim).containsExactly("the rest", "cross socket slower");

        Verdict partly = CpuPair.withPlacementClaims(Verdict.partly("some."), "the rest", List.of(slower));
        assertThat(partly.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(partly.reason()).contains("cross socket slower: NOT REPRODUCED");
    }
}
