package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.platform.CpuAffinity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class HerdingExperimentTest {
    @Test
    @Timeout(120)
    void tinyRunMeasuresEveryPlacementAndKeepsItsHgrmFiles() throws Exception {
        HerdingExperiment experiment = new HerdingExperiment();
        ExperimentResult result = TinyRun.run(experiment);
        Path dir = TinyRun.shared(experiment).dir();
        Table trips = result.table("round-trips");
        boolean twoCpus = CpuAffinity.isSupported() && CpuAffinity.allowedCpus().cardinality() >= 2;
        int expected = !twoCpus ? 2 : CpuAffinity.allowedCpus().cardinality() >= 3 ? 7 : 5;
        assertThat(TinyRun.texts(trips, "placement"))
                .hasSize(expected)
                .contains("unpinned", "unpinned + noisy neighbour");
        TinyRun.positives(trips, "p50");
        TinyRun.positives(trips, "round trips");
        assertThat(TinyRun.texts(result.table("machine-knobs"), "knob")).contains("cpufreq governor per CPU");
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".hgrm")))
                    .hasSize(expected);
        }
        // the noisy neighbour is gone
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    @Test
    @Timeout(30)
    void aHerdedNeighbourRunsOnItsOneCpuOnly() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(CpuAffinity.isSupported());
        int cpu = CpuAffinity.allowedCpus().nextSetBit(0);
        try (NoisyNeighbour neighbour = NoisyNeighbour.start(cpu)) {
            String status = Files.readString(Path.of("/proc/" + neighbour.pid() + "/status"));
            assertThat(status).containsPattern("Cpus_allowed_list:\\s+" + cpu + "\\n");
        }
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
                .isEmpty();
    }
}
