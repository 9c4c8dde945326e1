package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every knob read from a fake sysfs/procfs folder: exposed, and not exposed (as in many VMs). */
class MachineKnobsTest {
    @TempDir
    Path root;

    @Test
    void knobsNotExposedReadAsSuch() {
        assertThat(MachineKnobs.read(root.resolve("sys"), root.resolve("proc")))
                .allSatisfy(knob -> assertThat(knob.value()).isEqualTo(MachineKnobs.NOT_EXPOSED));
    }

    @Test
    void cpusWithoutCpuidleOrNodesReadAsNotExposed() throws IOException {
        Path sys = root.resolve("sys");
        Files.createDirectories(sys.resolve("devices/system/cpu/cpu0"));
        Files.createDirectories(sys.resolve("devices/system/node"));
        assertThat(MachineKnobs.idleStates(sys)).isEqualTo(MachineKnobs.NOT_EXPOSED);
        assertThat(MachineKnobs.numaNodes(sys)).isEqualTo(MachineKnobs.NOT_EXPOSED);
    }

    @Test
    void governorsAreReadForEveryCpu() throws IOException {
        Path sys = root.resolve("sys");
        for (int cpu = 0; cpu < 3; cpu++) {
            Path cpufreq = Files.createDirectories(sys.resolve("devices/system/cpu/cpu" + cpu + "/cpufreq"));
            Files.writeString(cpufreq.resolve("scaling_governor"), cpu == 2 ? "powersave\n" : "performance\n");
        }
        assertThat(MachineKnobs.governors(sys)).isEqualTo("cpu0 performance; cpu1 performance; cpu2 powersave");
        Files.writeString(sys.resolve("devices/system/cpu/cpu2/cpufreq/scaling_governor"), "performance\n");
        assertThat(MachineKnobs.governors(sys)).isEqualTo("all 3 CPUs: performance");
    }

    @Test
    void idleStatesAreReadForEveryCpuWithLatencyAndDisabled() throws IOException {
        Path sys = root.resolve("sys");
        for (int cpu = 0; cpu < 2; cpu++) {
            idleState(sys, cpu, 0, "POLL", 0, false);
            idleState(sys, cpu, 1, "C1", 2, false);
            idleState(sys, cpu, 10, "C6", 133, cpu == 1);
        }
        assertThat(MachineKnobs.idleStates(sys))
                .isEqualTo("cpu0 POLL (0 us exit), C1 (2 us exit), C6 (133 us exit);"
                        + " cpu1 POLL (0 us exit), C1 (2 us exit), C6 (133 us exit, disabled)");
        Files.writeString(sys.resolve("devices/system/cpu/cpu1/cpuidle/state10/disable"), "0\n");
        assertThat(MachineKnobs.idleStates(sys))
                .isEqualTo("all 2 CPUs: POLL (0 us exit), C1 (2 us exit), C6 (133 us exit)");
    }

    @Test
    void numaNodesListTheirCpus() throws IOException {
        Path sys = root.resolve("sys");
        for (int node = 0; node < 2; node++) {
            Path dir = Files.createDirectories(sys.resolve("devices/system/node/node" + node));
            Files.writeString(dir.resolve("cpulist"), node == 0 ? "0-3\n" : "4-7\n");
        }
        Files.createDirectories(sys.resolve("devices/system/node/has_cpu"));
        assertThat(MachineKnobs.numaNodes(sys)).isEqualTo("2 (node0 cpus 0-3; node1 cpus 4-7)");
    }

    private static void idleState(Path sys, int cpu, int state, String name, int latency, boolean disabled)
            throws IOException {
        Path dir = Files.createDirectories(sys.resolve("devices/system/cpu/cpu" + cpu + "/cpuidle/state" + state));
        Files.writeString(dir.resolve("name"), name + "\n");
        Files.writeString(dir.resolve("latency"), latency + "\n");
        Files.writeString(dir.resolve("disable"), (disabled ? "1" : "0") + "\n");
    }
}
