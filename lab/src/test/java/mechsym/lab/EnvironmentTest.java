package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EnvironmentTest {
    @Test
    void countsCpuLists() {
        assertThat(Environment.countCpus("0-3,6")).isEqualTo(5);
        assertThat(Environment.countCpus("1")).isEqualTo(1);
        assertThat(Environment.countCpus("")).isEqualTo(-1);
        assertThat(Environment.countCpus("x-y")).isEqualTo(-1);
    }

    @Test
    void theCpuIsNamedWithItsClock() {
        assertThat(Environment.describeCpu("Some CPU", "2599.998")).startsWith("Some CPU, 2600 MHz");
        assertThat(Environment.describeCpu("Some CPU", "fast"))
                .startsWith("Some CPU")
                .doesNotContain("MHz");
        assertThat(Environment.describeCpu(null, "2600")).isNull();
    }

    @Test
    void readsTheSelectedSysfsChoice() {
        assertThat(Environment.selected("always [madvise] never\n")).isEqualTo("madvise");
        assertThat(Environment.selected("none")).isEqualTo("none");
    }

    @Test
    void probeFillsEveryFieldAndWarnsOnFewCores() {
        Environment env = Environment.probe();
        assertThat(env.logicalCpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(env.jdkVersion()).isEqualTo(System.getProperty("java.runtime.version"));
        assertThat(env.garbageCollectors()).isNotEmpty();
        assertThat(env.cpuModel()).isNotBlank();
        // read through MachineKnobs, as herding reads them: a reading or "not exposed", never null
        assertThat(env.idleStates()).isNotBlank();
        assertThat(env.numaNodes()).isNotBlank();
        assertThat(env.topology()).matches("\\d+ sockets?, \\d+ cores?, \\d+ threads? per core, NUMA nodes: .+");
        assertThat(env.libraries()).startsWith("JMH 1.").contains("JCTools 4.").doesNotContain("${");
        // the build machine has make and a C++ compiler (the lab's baselines need them): named with its flags
        assertThat(env.nativeCompiler())
                .contains("-O2")
                .doesNotStartWith("unknown")
                .doesNotContain("not found");
        if (env.logicalCpus() <= 2) {
            assertThat(env.warnings()).anyMatch(w -> w.contains("logical CPUs"));
        }
    }
}
