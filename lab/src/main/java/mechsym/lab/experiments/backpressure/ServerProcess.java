package mechsym.lab.experiments.backpressure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mechsym.tools.platform.ChildProcess;

/**
 * A {@link ServerChild} running in its own JVM: started with a command line, ready when it prints
 * its port, stopped by closing its standard input (then killed if it has not gone within 5 s); it
 * stops by itself when the lab dies (see {@link ChildProcess.ParentWatch#STDIN}). Its output goes to
 * a log file. Not thread-safe.
 */
final class ServerProcess implements AutoCloseable {
    private static final String READY = "@ready ";

    private final ChildProcess process;
    private final int port;

    private ServerProcess(ChildProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts {@code command}, waits up to 60 s for {@code @ready PORT}. */
    static ServerProcess start(List<String> command, Path log) throws IOException, InterruptedException {
        ChildProcess process = ChildProcess.command(command)
                .name("the gateway's server child")
                .log(log)
                .watch(ChildProcess.ParentWatch.STDIN)
                .start(line -> line.startsWith(READY), Duration.ofSeconds(60));
        try {
            return new ServerProcess(
                    process,
                    Integer.parseInt(
                            process.readyLine().substring(READY.length()).strip()));
        } catch (NumberFormatException e) {
            process.close();
            throw new IOException("the gateway's server child gave no port: " + process.readyLine());
        }
    }

    int port() {
        return port;
    }

    /** Whether the child is still running (it exits on OutOfMemoryError: -XX:+ExitOnOutOfMemoryError). */
    boolean isAlive() {
        return process.isAlive();
    }

    /** The child's exit code, or -1 while it runs. */
    int exitCode() {
        return process.exitCode();
    }

    Path log() {
        return process.log();
    }

    @Override
    public void close() {
        process.close();
    }
}
