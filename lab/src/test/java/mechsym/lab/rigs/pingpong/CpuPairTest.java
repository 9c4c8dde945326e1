package mechsym.lab.rigs.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
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
        CpuTopology vm = machine(2, 1);

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
        CpuTopology smt = machine(4, 2);

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

    /** One socket of {@code cpus} logical CPUs, {@code threads} per core, numbered core first. */
    private CpuTopology machine(int cpus, int threads) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/cpu"));
        Files.writeString(dir.resolve("online"), "0-" + (cpus - 1));
        int cores = cpus / threads;
        for (int cpu = 0; cpu < cpus; cpu++) {
            Path topology = Files.createDirectories(dir.resolve("cpu" + cpu + "/topology"));
            int core = cpu % cores;
            StringBuilder siblings = new StringBuilder();
            for (int t = 0; t < threads; t++) {
                siblings.append(t == 0 ? "" : ",").append(core + t * cores);
            }
            Files.writeString(topology.resolve("thread_siblings_list"), siblings.toString());
            Files.writeString(topology.resolve("physical_package_id"), "0");
        }
        return CpuTopology.read(sys, null);
    }
}
