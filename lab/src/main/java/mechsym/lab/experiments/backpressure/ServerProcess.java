package mechsym.lab.experiments.backpressure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import mechsym.tools.platform.ChildProcess;

/**
 * A {@link ServerChild} running in its own JVM: started with a command line, ready when it prints
 * its port, stopped by closing its standard input (then killed if it has not gone within 5 s).
 * Its output goes to a log file. Not thread-safe.
 */
final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final int port;

    private ServerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts {@code command}, waits up to 60 s for {@code @ready PORT}. */
    static ServerProcess start(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("server-child-output").start(() -> {
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith("@ready ") && !ready.isDone()) {
                        ready.complete(Integer.parseInt(line.substring(7).strip()));
                    }
                    Files.writeString(
                            log,
                            line + "\n",
                            StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                }
            } catch (IOException | RuntimeException e) {
                ready.completeExceptionally(e);
            }
            ready.completeExceptionally(new IOException("the server exited before it was ready (log: " + log + ")"));
        });
        try {
            return new ServerProcess(process, log, ready.get(60, TimeUnit.SECONDS));
        } catch (ExecutionException | TimeoutException e) {
            ChildProcess.kill(process);
            throw new IOException("server child not ready: " + e.getMessage() + " (log: " + log + ")", e);
        } catch (InterruptedException e) {
            ChildProcess.kill(process);
            throw e;
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
        return process.isAlive() ? -1 : process.exitValue();
    }

    Path log() {
        return log;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                ChildProcess.kill(process);
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            ChildProcess.kill(process); // the lab is being stopped: the child must not outlive it
            Thread.currentThread().interrupt();
        }
    }
}
