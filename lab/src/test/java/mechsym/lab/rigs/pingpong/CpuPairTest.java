package mechsym.lab.rigs.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
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
                .hasValueSatisfying(p -> assertThat(p.label()).isEqualTo("one logical CPU, pinned (0 | 0)"));
        assertThat(CpuPair.absence(vm, Placement.CROSS_CORE)).isEmpty();
        assertThat(CpuPair.absence(vm, Placement.SAME_CORE))
                .hasValueSatisfying(why -> assertThat(why).startsWith("This machine has no SMT siblings"));
        assertThat(CpuPair.absence(vm, Placement.CROSS_SOCKET))
                .hasValueSatisfying(why -> assertThat(why).contains("one socket only"));
        assertThat(CpuPair.needs(Placement.SAME_CORE)).contains("SMT siblings");
        assertThat(CpuPair.needs(Placement.CROSS_SOCKET)).isEqualTo("two sockets");
    }

    @Test
    void aSmtMachineShowsSiblings() throws IOException {
        CpuTopology smt = MadeUpMachine.of(sys, 1, 2, 2);

        assertThat(CpuPair.of(smt, Placement.SAME_CORE))
                .hasValueSatisfying(p -> assertThat(p.label()).isEqualTo("SMT siblings, one core, pinned (0 | 2)"));
        assertThat(CpuPair.absence(smt, Placement.SAME_CORE)).isEmpty();
    }

    @Test
    void twoThreadTimingsNeedFourCores() throws IOException {
        assertThat(CpuPair.tooFewCoresForTwoThreads(MadeUpMachine.of(sys.resolve("vm"), 1, 2, 1)))
                .hasValueSatisfying(
                        why -> assertThat(why).contains("2 core(s)").endsWith("Needs: >= 4 cores to pin to."));
        assertThat(CpuPair.tooFewCoresForTwoThreads(MadeUpMachine.of(sys.resolve("smt"), 1, 3, 2)))
                .as("six SMT threads are three cores")
                .isPresent();
        assertThat(CpuPair.tooFewCoresForTwoThreads(MadeUpMachine.of(sys.resolve("big"), 1, 4, 1)))
                .isEmpty();
    }
}
