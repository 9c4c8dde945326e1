package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.rigs.threads.TinyRun;
import mechsym.tools.latency.CpuAffinity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class HerdingExperimentTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void tinyRunMeasuresEveryPlacementAndKeepsItsHgrmFiles() throws Exception {
        ExperimentResult result = TinyRun.run(new HerdingExperiment(), dir);
        Table trips = result.table("round-trips");
        boolean twoCpus = CpuAffinity.isSupported() && CpuAffinity.allowedCpus().cardinality() >= 2;
        assertThat(TinyRun.texts(trips, "placement"))
                .hasSize(twoCpus ? 5 : 2)
                .contains("unpinned", "unpinned + noisy neighbour");
        TinyRun.positives(trips, "p50");
        TinyRun.positives(trips, "round trips");
        assertThat(TinyRun.texts(result.table("machine-knobs"), "knob")).contains("cpufreq governor per CPU");
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".hgrm")))
                    .hasSize(twoCpus ? 5 : 2);
        }
        // the noisy neighbour is gone
        assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive))
                .isEmpty();
    }
}
