package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mechsym.tools.platform.NativePrograms;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@code mechsym analyser}, run in-process: bad arguments exit 2 naming what; small runs work. */
class AnalyserCommandTest extends CliTestBase {

    @Test
    void everyModeHasHelp() {
        for (String mode : new String[] {"batch", "realtime", "min-interval"}) {
            assertThat(run("analyser", mode, "--help")).isZero();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("--case").contains("--strategy");
        }
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("analyser");
    }

    @Test
    void badArgumentsAreUsageErrorsNamingWhatWasWrong() {
        assertThat(run("analyser", "batch", "--case", "D")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("unknown case 'D'").doesNotContain("Exception");
        assertThat(run("analyser", "batch", "--strategy", "pooling")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("unknown strategy 'pooling'");
        assertThat(run("analyser", "batch", "--buffers", "direct")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("unknown buffers 'direct'");
        assertThat(run("analyser", "realtime", "--interval", "0")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--interval must be at least 1 ns, not 0");
        assertThat(run("analyser", "realtime", "--interval", "-5")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--interval must be at least 1 ns, not -5");
        assertThat(run("analyser", "min-interval", "--window", "0")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--window");
        assertThat(run("analyser", "batch", "--reports", "0")).isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("--reports must be at least 1, not 0");
    }

    @Test
    void aHeapThatCannotHoldTheCaseIsRefusedBeforeAnyWork() {
        long max = Runtime.getRuntime().maxMemory();
        Assumptions.assumeTrue(max < (4L << 30), "this test JVM's heap holds even case C's pool");
        assertThat(run("analyser", "batch", "--case", "C", "--strategy", "pool", "--buffers", "heap"))
                .isEqualTo(Main.EXIT_USAGE);
        assertThat(stderr()).contains("impossible").contains("case C pool with heap buffers");
    }

    @Test
    void aShortBatchPrintsItsReports() {
        assertThat(run(
                        "analyser",
                        "batch",
                        "--case",
                        "A1000",
                        "--strategy",
                        "alloc",
                        "--warmup",
                        "1000",
                        "--report",
                        "20000",
                        "--reports",
                        "2"))
                .isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("Test: ALLOC")
                .contains("report 1:")
                .contains("report 2:")
                .contains("ns/packet");
    }

    @Test
    void aShortRealTimeRunPrintsThePostsLinesAndLeavesNoProcessOrFile() throws IOException {
        Assumptions.assumeTrue(NativePrograms.program("clock_source").isAvailable(), "no make/g++ here");
        assertThat(run(
                        "analyser",
                        "realtime",
                        "--case",
                        "A1000",
                        "--strategy",
                        "dummy",
                        "--interval",
                        "5000",
                        "--seconds",
                        "1.5",
                        "--startup",
                        "0.5"))
                .isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("Input queue size: 20000").containsPattern("\\d+\\.\\d; \\d+\\.\\d; lost: \\d+");
        assertThat(text).contains("after start-up lost");
        assertThat(ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .toList())
                .as("no clock source left running")
                .isEmpty();
        try (Stream<Path> files = Files.list(Path.of("/dev/shm"))) {
            String pid = Long.toString(ProcessHandle.current().pid());
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("mechsym-clock-" + pid)))
                    .isEmpty();
        }
    }
}
