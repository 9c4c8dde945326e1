package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Progress;
import mechsym.lab.experiments.cachefallacy.StoreCostBenchmark;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** JMH's own result file is kept, and the lab's profilers join every run once. */
class JmhLauncherTest {
    @BeforeAll
    static void ignoreJmhLock() {
        System.setProperty("jmh.ignoreLock", "true"); // another build's JMH may hold it; nothing is measured
    }

    @AfterAll
    static void restoreJmhLock() {
        System.clearProperty("jmh.ignoreLock");
    }

    /** One short in-process iteration of one benchmark: the plumbing, not a measurement. */
    private static ChainedOptionsBuilder tiny(JmhBenchmarks jmh, String method) {
        return jmh.options()
                .include(StoreCostBenchmark.class.getName() + "." + method + "$")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(20));
    }

    @Test
    void everyRunOfAnExperimentLandsInOneJmhResultFileWithTheLabsProfilers(@TempDir Path dir) throws Exception {
        JmhBenchmarks jmh = new ExperimentContext(
                        mechsym.lab.Profile.TINY, dir, Progress.silent(), mechsym.lab.ServerTargets.NONE, List.of("gc"))
                .jmh();
        jmh.run(tiny(jmh, "plain"));
        List<JmhBenchmarks.Score> second = jmh.run(tiny(jmh, "release"));

        assertThat(second.getFirst().secondary()).containsKey(JmhBenchmarks.ALLOCATED_PER_OP);
        JsonNode json =
                new ObjectMapper().readTree(dir.resolve(JmhLauncher.RESULT_FILE).toFile());
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(2);
        assertThat(json.get(0).get("benchmark").asText()).endsWith("StoreCostBenchmark.plain");
        assertThat(json.get(1).get("benchmark").asText()).endsWith("StoreCostBenchmark.release");
        assertThat(json.get(1).get("secondaryMetrics").has(JmhBenchmarks.ALLOCATED_PER_OP))
                .isTrue();
    }

    @Test
    void aProfilerTheExperimentAddedItselfIsNotAddedTwice() throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder().addProfiler(GCProfiler.class);
        JmhLauncher.withProfilers(options, List.of("gc", "stack"));
        assertThat(options.build().getProfilers())
                .extracting(p -> p.getKlass())
                .containsExactly(GCProfiler.class.getName(), "stack");
        assertThat(JmhLauncher.profilerConfig("perfasm:intelSyntax=true").getOpts())
                .isEqualTo("intelSyntax=true");
    }

    @Test
    void anUnknownProfilerIsRefusedBeforeAnyWork() {
        assertThatThrownBy(() -> LabRunner.checkJmhProfilers(List.of("gc", "nosuch")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--jmh-prof nosuch: ");
        LabRunner.checkJmhProfilers(List.of("gc", "stack:lines=2"));
    }
}
