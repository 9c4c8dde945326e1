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
                .endsWith(";interval=100000;dir=" + dir);
        assertThat(completed).containsAnyOf("event=cpu;", "event=itimer;");
        assertThat(ProfilerOptions.complete("async:event=wall;output=jfr", null))
                .as("what the user gave is kept")
                .isEqualTo("async:event=wall;output=jfr;libPath=" + library + ";interval=100000");
        assertThat(ProfilerOptions.complete("jfr", dir)).isEqualTo("jfr:dir=" + dir);
        assertThat(ProfilerOptions.complete("jfr", null)).isEqualTo("jfr");
        assertThat(ProfilerOptions.complete("gc", dir))
                .as("other profilers untouched")
                .isEqualTo("gc");
    }

    @Test
    void aForkedJvmIsProfiledByTheAgentAtTheSameEventAndInterval(@TempDir Path dir) {
        Path library = loadableLibrary();
        assertThat(ProfilerOptions.forkFlags(List.of("async"), dir))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("-agentpath:" + library + "=start,event=")
                .endsWith(",interval=100000,file=" + dir.resolve(ProfilerOptions.FORK_FLAME_GRAPH));
        assertThat(ProfilerOptions.forkFlags(List.of("async:interval=50000"), dir))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains(",interval=50000,");
        assertThat(ProfilerOptions.forkFlags(List.of("jfr", "gc"), dir))
                .containsExactly("-XX:StartFlightRecording=settings=profile,filename=" + dir.resolve("profile.jfr"));
        assertThat(ProfilerOptions.forkFlags(List.of(), dir)).isEmpty();
    }

    /** A forked program that spends about half a second of CPU time. */
    public static final class Spinner {
        public static void main(String[] args) {
            long sum = 0;
            long end = System.nanoTime() + 500_000_000L;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 10_000; i++) {
                    sum += Long.hashCode(sum * 31 + i);
                }
            }
            mechsym.lab.ForkedJvm.emit(sum);
        }
    }

    private static ExperimentContext withAsyncProfiler(Path dir) {
        return new ExperimentContext(
                mechsym.lab.Profile.TINY, dir, Progress.silent(), mechsym.lab.ServerTargets.NONE, List.of("async"));
    }

    @Test
    void aProfiledForkWritesAFlameGraphOfThousandsOfSamples(@TempDir Path dir) throws Exception {
        loadableLibrary();
        mechsym.lab.ForkedJvm fork =
                withAsyncProfiler(dir).fork(Spinner.class).name("spinner").profiled("spinner");
        assertThat(fork.run(Long.class)).hasSize(1);

        Path graph =
                dir.resolve(ProfilerOptions.PROFILES_DIR).resolve("spinner").resolve(ProfilerOptions.FORK_FLAME_GRAPH);
        assertThat(Files.readString(graph)).contains("<html").contains("Spinner.main");
        assertThat(mechsym.lab.report.FlameGraphs.samples(graph).orElse(0))
                .as("half a second at 100 µs")
                .isGreaterThanOrEqualTo(1_000);
    }

    @Test
    void anUnprofiledForkOrARunWithoutAProfilerAddsNoFlag(@TempDir Path dir) {
        assertThat(withAsyncProfiler(dir).fork(Spinner.class).command())
                .noneMatch(flag -> flag.startsWith("-agentpath"));
        assertThat(new ExperimentContext(mechsym.lab.Profile.TINY, dir, Progress.silent())
                        .fork(Spinner.class)
                        .profiled("spinner")
                        .command())
                .noneMatch(flag -> flag.startsWith("-agentpath"));
        assertThatThrownBy(() -> new ExperimentContext(mechsym.lab.Profile.TINY, dir, Progress.silent())
                        .fork(Spinner.class)
                        .profiled("a/b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a/b'");
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
