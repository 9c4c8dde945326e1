package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import mechsym.tools.platform.CpuTopology.Pair;
import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Made-up sysfs trees, built in a temporary folder: what each machine offers, and what it lacks. */
class CpuTopologyTest {
    @TempDir
    Path sys;

    @Test
    void aTwoVcpuVmHasTwoCoresAndNothingElse() throws IOException {
        online("0-1");
        cpu(0, "0", 0);
        cpu(1, "1", 0);
        node(0, "0-1");
        CpuTopology t = CpuTopology.read(sys, null);

        assertThat(t.describe()).isEqualTo("1 socket, 2 cores, 1 thread per core, NUMA nodes: 1");
        assertThat(t.pair(Placement.ONE_CPU)).contains(new Pair(0, 0));
        assertThat(t.pair(Placement.CROSS_CORE)).contains(new Pair(0, 1));
        assertThat(t.pair(Placement.SAME_CORE)).isEmpty();
        assertThat(t.pair(Placement.CROSS_SOCKET)).isEmpty();
        assertThat(t.absence(Placement.SAME_CORE))
                .hasValueSatisfying(why -> assertThat(why).startsWith("no SMT siblings"));
        assertThat(t.absence(Placement.CROSS_SOCKET))
                .hasValueSatisfying(why -> assertThat(why).startsWith("one socket"));
        assertThat(t.absence(Placement.CROSS_CORE)).isEmpty();
        assertThat(t.onePerCore()).containsExactly(0, 1);
    }

    @Test
    void sixteenCoresWithoutSmtHaveOnlyCrossCorePairs() throws IOException {
        online("0-15");
        for (int cpu = 0; cpu < 16; cpu++) {
            cpu(cpu, Integer.toString(cpu), 0);
        }
        CpuTopology t = CpuTopology.read(sys, null);

        assertThat(t.cores()).isEqualTo(16);
        assertThat(t.threadsPerCore()).isEqualTo(1);
        assertThat(t.describe()).isEqualTo("1 socket, 16 cores, 1 thread per core, NUMA nodes: not exposed");
        assertThat(t.pair(Placement.CROSS_CORE)).contains(new Pair(0, 1));
        assertThat(t.pair(Placement.SAME_CORE)).isEmpty();
        assertThat(t.pair(Placement.CROSS_SOCKET)).isEmpty();
        assertThat(t.onePerCore()).hasSize(16);
    }

    /** Linux numbers the first thread of every core first: socket 0 is 0-7 and 16-23. */
    @Test
    void twoSocketsOfEightCoresWithTwoThreadsOfferEveryPlacement() throws IOException {
        online("0-31");
        for (int cpu = 0; cpu < 32; cpu++) {
            int core = cpu % 16;
            cpu(cpu, core + "," + (core + 16), core / 8);
        }
        node(0, "0-7,16-23");
        node(1, "8-15,24-31");
        CpuTopology t = CpuTopology.read(sys, null);

        assertThat(t.describe()).isEqualTo("2 sockets, 16 cores, 2 threads per core, NUMA nodes: 2");
        assertThat(t.pair(Placement.SAME_CORE)).contains(new Pair(0, 16));
        assertThat(t.pair(Placement.CROSS_CORE)).contains(new Pair(0, 1));
        assertThat(t.pair(Placement.CROSS_SOCKET)).contains(new Pair(0, 8));
        assertThat(t.onePerCore())
                .hasSize(16)
                .startsWith(0, 1, 2)
                .endsWith(14, 15)
                .doesNotContain(16, 24);
        for (Placement p : Placement.values()) {
            assertThat(t.absence(p)).as(p.name()).isEmpty();
        }
    }

    @Test
    void theAffinityMaskNarrowsTheMachine() throws IOException {
        online("0-31");
        for (int cpu = 0; cpu < 32; cpu++) {
            int core = cpu % 16;
            cpu(cpu, core + "," + (core + 16), core / 8);
        }
        BitSet firstSocketOneThreadEach = CpuTopology.parseList("0-7");
        CpuTopology t = CpuTopology.read(sys, firstSocketOneThreadEach);

        assertThat(t.logicalCpus()).isEqualTo(8);
        assertThat(t.pair(Placement.SAME_CORE)).isEmpty();
        assertThat(t.pair(Placement.CROSS_SOCKET)).isEmpty();
        assertThat(t.pair(Placement.CROSS_CORE)).contains(new Pair(0, 1));
    }

    @Test
    void offlineCpusAreLeftOutEvenAsSiblings() throws IOException {
        // four cores with two threads; CPUs 2 and 5 are offline (their topology folder is gone)
        online("0-1,3-4,6-7");
        for (int cpu : new int[] {0, 1, 3, 4, 6, 7}) {
            int core = cpu % 4;
            cpu(cpu, core + "," + (core + 4), 0);
        }
        CpuTopology t = CpuTopology.read(sys, null);

        assertThat(t.cpus()).extracting(CpuTopology.Cpu::id).containsExactly(0, 1, 3, 4, 6, 7);
        assertThat(t.cores()).isEqualTo(4);
        // core 1 (CPUs 1 and 5) and core 2 (2 and 6) have one thread each now
        assertThat(t.pair(Placement.SAME_CORE)).contains(new Pair(0, 4));
        assertThat(t.onePerCore()).containsExactly(0, 1, 3, 6);
    }

    @Test
    void missingTopologyFilesMakeEachCpuItsOwnCore() throws IOException {
        online("0-3");
        CpuTopology t = CpuTopology.read(sys, null);

        assertThat(t.describe()).isEqualTo("1 socket, 4 cores, 1 thread per core, NUMA nodes: not exposed");
        assertThat(t.pair(Placement.CROSS_CORE)).contains(new Pair(0, 1));
    }

    @Test
    void noSysfsAtAllFallsBackToTheAllowedCpus() {
        CpuTopology t = CpuTopology.read(sys.resolve("missing"), CpuTopology.parseList("2,5"));

        assertThat(t.cpus()).extracting(CpuTopology.Cpu::id).containsExactly(2, 5);
        assertThat(t.pair(Placement.ONE_CPU)).contains(new Pair(2, 2));
    }

    @Test
    void cpuListsParseAndBadOnesAreNamed() {
        assertThat(CpuTopology.parseList("0-3,6,8-9").toString()).isEqualTo("{0, 1, 2, 3, 6, 8, 9}");
        assertThat(CpuTopology.parseList(" ").isEmpty()).isTrue();
        assertThatThrownBy(() -> CpuTopology.parseList("0-x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a CPU list: '0-x' (at '0-x')");
        assertThatThrownBy(() -> CpuTopology.parseList("3-1")).hasMessageContaining("'3-1'");
    }

    @Test
    void thisMachineReadsWithoutError() {
        CpuTopology t = CpuTopology.ofThisProcess();
        assertThat(t.logicalCpus()).isPositive();
        assertThat(t.pair(Placement.ONE_CPU)).isPresent();
    }

    private void online(String list) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/cpu"));
        Files.writeString(dir.resolve("online"), list + "\n");
    }

    private void cpu(int cpu, String siblings, int socket) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/cpu/cpu" + cpu + "/topology"));
        Files.writeString(dir.resolve("thread_siblings_list"), siblings + "\n");
        Files.writeString(dir.resolve("physical_package_id"), socket + "\n");
        Files.writeString(dir.resolve("core_id"), cpu + "\n");
    }

    private void node(int node, String cpus) throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/node/node" + node));
        Files.writeString(dir.resolve("cpulist"), cpus + "\n");
    }
}
