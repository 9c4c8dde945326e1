package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clock source never outlives the JVM that started it, and its queue file goes with them: when
 * the JVM is stopped (SIGTERM, as Ctrl-C: the shutdown hook) and when it is killed outright (SIGKILL:
 * the source sees its parent die and removes the file itself).
 */
class NoOrphanTest {
    @TempDir
    Path dir;

    @Test
    void aStoppedJvmTakesItsClockSourceAndQueueFileWithIt() throws Exception {
        check(false);
    }

    @Test
    void aKilledJvmTakesItsClockSourceAndQueueFileWithIt() throws Exception {
        check(true);
    }

    private void check(boolean forcibly) throws Exception {
        Path binary = NativeClockSource.binary();
        Assumptions.assumeTrue(binary != null, "native/build/clock_source could not be built");
        Path file = dir.resolve(forcibly ? "killed.queue" : "stopped.queue");
        Process jvm = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ClockSourceHost.class.getName(),
                        binary.toString(),
                        file.toString()))
                .redirectErrorStream(true)
                .start();
        long sourcePid;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).startsWith("ready ");
            sourcePid = Long.parseLong(line.substring("ready ".length()).strip());
            Optional<ProcessHandle> source = ProcessHandle.of(sourcePid);
            assertThat(source).isPresent();
            assertThat(Files.exists(file)).isTrue();
            if (forcibly) {
                jvm.destroyForcibly();
            } else {
                jvm.destroy();
            }
            assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
            source.get().onExit().get(5, TimeUnit.SECONDS);
        } finally {
            jvm.destroyForcibly();
        }
        assertThat(ProcessHandle.of(sourcePid).map(ProcessHandle::isAlive).orElse(false))
                .as("clock source still running")
                .isFalse();
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(file).doesNotExist();
    }
}
