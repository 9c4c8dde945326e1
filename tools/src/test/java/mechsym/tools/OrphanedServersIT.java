package mechsym.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mechsym.tools.jdbc.EmbeddedPostgresServer;
import mechsym.tools.jms.EmbeddedBroker;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.JvmFlags;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end, as {@code kill -9} of {@code mechsym lab jdbc-prefetch} or {@code jms-load} does it: a
 * JVM starts PostgreSQL or the Artemis broker and is killed with SIGKILL; within 15 s the server is
 * gone and so is its data folder. And a PostgreSQL left running on its folder anyway (its reaper
 * killed too) is stopped by its pid file at the next start instead of having its live folder
 * initialised again.
 */
@Timeout(180)
class OrphanedServersIT {
    private static final Duration GONE_WITHIN = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    @Test
    void aKilledJvmTakesPostgresAndItsDataFolderWithIt() throws Exception {
        ProcessHandle server = startThenKillHost("postgres", false);
        assertGoneWithin(server, dir.resolve("pg-data"));
    }

    @Test
    void aKilledJvmTakesTheBrokerAndItsJournalWithIt() throws Exception {
        ProcessHandle server = startThenKillHost("broker", false);
        assertGoneWithin(server, dir.resolve("broker-data"));
    }

    @Test
    void aPostgresLeftRunningIsStoppedByItsPidFileAtTheNextStart() throws Exception {
        ProcessHandle orphan = startThenKillHost("postgres", true);
        assertThat(orphan.isAlive())
                .as("PostgreSQL left running without its reaper")
                .isTrue();
        try (EmbeddedPostgresServer again = EmbeddedPostgresServer.start(dir, Duration.ofSeconds(90))) {
            assertThat(orphan.isAlive())
                    .as("the orphan, stopped before the new start")
                    .isFalse();
            try (Socket _ = new Socket(InetAddress.getLoopbackAddress(), again.port())) {
                assertThat(again.pid()).isNotEqualTo(orphan.pid());
            }
        }
        assertThat(dir.resolve("pg-data")).doesNotExist();
    }

    /**
     * Starts {@link ServerHost} with {@code server} in a JVM of its own, waits for the server, and
     * kills that JVM with SIGKILL (its reaper first when {@code withoutReaper}); returns the server.
     */
    private ProcessHandle startThenKillHost(String server, boolean withoutReaper) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JvmFlags.REQUIRED);
        command.addAll(List.of(
                "-cp", System.getProperty("java.class.path"), ServerHost.class.getName(), server, dir.toString()));
        try (ChildProcess host = ChildProcess.command(command)
                .log(dir.resolve("host.log"))
                .start(line -> line.startsWith(ServerHost.STARTED), Duration.ofSeconds(120))) {
            ProcessHandle started = ProcessHandle.of(
                            Long.parseLong(host.readyLine().substring(ServerHost.STARTED.length())))
                    .orElseThrow();
            ProcessHandle hostProcess = ProcessHandle.of(host.pid()).orElseThrow();
            if (withoutReaper) {
                for (ProcessHandle reaper : hostProcess
                        .children()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> List.of(a).contains("mechsym-reaper"))
                                .orElse(false))
                        .toList()) {
                    reaper.destroyForcibly();
                    reaper.onExit().get(10, TimeUnit.SECONDS);
                }
            }
            hostProcess.destroyForcibly(); // kill -9
            assertThat(host.waitFor(Duration.ofSeconds(10))).isTrue();
            return started;
        }
    }

    private static void assertGoneWithin(ProcessHandle server, Path folder) throws Exception {
        long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
        server.onExit().get(GONE_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        while (Files.exists(folder) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(folder)
                .as("removed within " + GONE_WITHIN.toSeconds() + " s")
                .doesNotExist();
    }

    /** A JVM that starts one server (postgres or broker) in FOLDER, prints its pid, and waits to be killed. */
    public static final class ServerHost {
        static final String STARTED = "@server ";

        public static void main(String[] args) throws Exception {
            Path folder = Path.of(args[1]);
            long pid = args[0].equals("postgres")
                    ? EmbeddedPostgresServer.start(folder, Duration.ofSeconds(90))
                            .pid()
                    : EmbeddedBroker.start(folder, Duration.ofSeconds(90)).pid();
            System.out.println(STARTED + pid);
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(10));
        }
    }
}
