package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mechsym.lab.JmhBenchmarks;
import mechsym.lab.Progress;
import mechsym.lab.experiments.cachefallacy.StoreCostBenchmark;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.TimeValue;

/** The lab's profilers: async-profiler found in its jar, completed for this machine, flame graphs written. */
@Timeout(120)
class ProfilerOptionsTest {
    @BeforeAll
    static void ignoreJmhLock() {
        System.setProperty("jmh.ignoreLock", "true"); // another build's JMH may hold it; nothing is measured
    }

    @AfterAll
    static void restoreJmhLock() {
        System.clearProperty("jmh.ignoreLock");
    }

    /** The extracted library, or the test is skipped saying why it cannot load here. */
    private static Path loadableLibrary() {
        try {
            Path library = ProfilerOptions.library();
            ProfilerOptions.cpuEvent(library);
            return library;
        } catch (IllegalStateException e) {
            Assumptions.abort(
                    "async-profiler's native library cannot load on this machine, skipped: " + e.getMessage());
            throw e;
        }
    }

    @Test
    void asyncIsGivenTheLibraryFlameGraphsTheEventAndTheFolder(@TempDir Path dir) {
        Path library = loadableLibrary();
        String completed = ProfilerOptions.complete("async", dir);
        assertThat(completed)
                .startsWith("async:libPath=" + library + ";output=flamegraph;event=")
                .endsWith(";dir=" + dir);
        assertThat(completed).containsAnyOf("event=cpu;", "event=itimer;");
        assertThat(ProfilerOptions.complete("async:event=wall;output=jfr", null))
                .as("what the user gave is kept")
                .isEqualTo("async:event=wall;output=jfr;libPath=" + library);
        assertThat(ProfilerOptions.complete("jfr", dir)).isEqualTo("jfr:dir=" + dir);
        assertThat(ProfilerOptions.complete("jfr", null)).isEqualTo("jfr");
        assertThat(ProfilerOptions.complete("gc", dir))
                .as("other profilers untouched")
                .isEqualTo("gc");
    }

    @Test
    void theLabsNamesAreAsyncAndJfrOnly() {
        assertThat(ProfilerOptions.forLab("ASYNC")).isEqualTo("async");
        assertThat(ProfilerOptions.forLab("jfr")).isEqualTo("jfr");
        assertThatThrownBy(() -> ProfilerOptions.forLab("perf"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--profiler perf: expected async (flame graphs) or jfr (a flight recording)");
    }

    @Test
    void aTinyRunWithTheAsyncProfilerWritesAFlameGraphBesideTheResults(@TempDir Path dir) throws Exception {
        loadableLibrary();
        LabRunner.checkJmhProfilers(List.of("async"));
        JmhBenchmarks jmh = new ExperimentContext(
                        mechsym.lab.Profile.TINY,
                        dir,
                        Progress.silent(),
                        mechsym.lab.ServerTargets.NONE,
                        List.of("async"))
                .jmh();
        jmh.run(jmh.options()
                .include(StoreCostBenchmark.class.getName() + ".plain$")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(300)));

        Path profiles = dir.resolve(ProfilerOptions.PROFILES_DIR);
        List<Path> graphs;
        try (Stream<Path> files = Files.walk(profiles)) {
            graphs = files.filter(f -> f.getFileName().toString().matches("flame-.*\\.html"))
                    .toList();
        }
        assertThat(graphs).as("flame graphs under " + profiles).isNotEmpty();
        assertThat(Files.readString(graphs.getFirst())).contains("<html").contains("StoreCostBenchmark");
        assertThat(dir.resolve(JmhLauncher.RESULT_FILE)).exists();
        assertThat(Files.readString(profiles.resolve(ProfilerOptions.USED_FILE)))
                .startsWith("async-profiler 4.2 (")
                .contains("output=flamegraph")
                .containsPattern("event=(cpu|itimer)")
                .contains("hardware counters (cycles): ");
    }
}
