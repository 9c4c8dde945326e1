package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * End to end, as a user's {@code kill -9} does it: the launcher runs {@code mechsym lab jms-load
 * tcp-ping} on the tiny profile; once the lab has children of its own (the broker's JVM, the
 * service, servers, reapers), the lab's JVM is killed with SIGKILL, and every process it had started
 * is gone within {@link #GONE_WITHIN}.
 */
@Timeout(300)
class LabKilledIT {
    private static final Duration GONE_WITHIN = Duration.ofSeconds(20);

    @Test
    void killingTheLabLeavesNoProcessItStartedBehind() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path out = Path.of("target", "it-lab-killed").toAbsolutePath();
        Path log = Path.of("target", "it-lab-killed.log");
        Process lab = new ProcessBuilder(
                        "bash",
                        root.resolve("mechsym").toString(),
                        "lab",
                        "jms-load",
                        "tcp-ping",
                        "--profile",
                        "tiny",
                        "--out",
                        out.toString())
                .redirectErrorStream(true)
                .redirectOutput(new File(log.toString()))
                .start(); // the launcher execs the JVM: this process is the lab's JVM
        Map<Long, Instant> started = new LinkedHashMap<>();
        Instant firstJvmChild = null;
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (lab.isAlive() && System.nanoTime() < deadline) {
            List<ProcessHandle> descendants = lab.toHandle().descendants().toList();
            descendants.forEach(
                    d -> started.putIfAbsent(d.pid(), d.info().startInstant().orElse(Instant.EPOCH)));
            boolean jvmChild = descendants.stream().anyMatch(LabKilledIT::isJava);
            if (jvmChild && firstJvmChild == null) {
                firstJvmChild = Instant.now();
            }
            if (firstJvmChild != null
                    && Duration.between(firstJvmChild, Instant.now()).toSeconds() >= 3) {
                break; // the broker and its service have had time to start their own children
            }
            Thread.sleep(100);
        }
        assertThat(lab.isAlive())
                .as("the lab, still running with a JVM child (log: " + log.toAbsolutePath() + ")\n"
                        + Files.readString(log))
                .isTrue();
        assertThat(firstJvmChild).as("a JVM the lab started").isNotNull();
        lab.toHandle().descendants().forEach(d -> started.putIfAbsent(d.pid(), startOf(d)));

        lab.toHandle().destroyForcibly(); // kill -9
        assertThat(lab.waitFor(10, TimeUnit.SECONDS)).isTrue();

        long goneBy = System.nanoTime() + GONE_WITHIN.toNanos();
        Map<Long, String> alive = stillAlive(started);
        while (!alive.isEmpty() && System.nanoTime() < goneBy) {
            Thread.sleep(200);
            alive = stillAlive(started);
        }
        assertThat(alive)
                .as("processes the killed lab had started, alive " + GONE_WITHIN.toSeconds() + " s after the kill")
                .isEmpty();
        assertThat(started).as("processes the lab had started").isNotEmpty();
    }

    private static boolean isJava(ProcessHandle p) {
        return p.info().command().map(c -> c.endsWith("/java")).orElse(false);
    }

    private static Instant startOf(ProcessHandle p) {
        return p.info().startInstant().orElse(Instant.EPOCH);
    }

    /** The processes of {@code started} still alive, the same process (not a reused pid), with their command lines. */
    private static Map<Long, String> stillAlive(Map<Long, Instant> started) {
        Map<Long, String> alive = new LinkedHashMap<>();
        started.forEach((pid, start) -> {
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            if (p.isPresent() && p.get().isAlive() && startOf(p.get()).equals(start)) {
                alive.put(pid, p.get().info().commandLine().orElse("?"));
            }
        });
        return alive;
    }
}
