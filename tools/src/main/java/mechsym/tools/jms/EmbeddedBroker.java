package mechsym.tools.jms;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import mechsym.tools.ServerFiles;
import mechsym.tools.StopOnce;

/**
 * An Apache ActiveMQ Artemis broker in its own JVM ({@link BrokerMain}), started by mechsym: one TCP
 * acceptor on 127.0.0.1 and a persistent journal in {@code folder/broker-data}. {@link #close()} stops
 * it and removes the journal; so does a shutdown hook if this JVM exits first (Ctrl-C), and the child
 * stops by itself when this JVM dies (its stdin closes). The child's output goes to {@code
 * folder/broker.log}, which is kept.
 *
 * <p>Thread safety: {@link #close()} may be called from any thread, more than once.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

    private final Process process;
    private final String url;
    private final Path dataDir;
    private final Path log;
    private final StopOnce stop;

    private EmbeddedBroker(Process process, String url, Path dataDir, Path log) {
        this.process = process;
        this.url = url;
        this.dataDir = dataDir;
        this.log = log;
        this.stop = StopOnce.atExit("embedded-broker-stop", this::stopAndRemoveFiles);
    }

    /**
     * Starts a broker on a free port of 127.0.0.1, its files under {@code folder}, and waits until it
     * accepts connections.
     *
     * @throws IOException naming the reason and the log if it does not come up within {@code timeout}
     */
    public static EmbeddedBroker start(Path folder, Duration timeout) throws IOException, InterruptedException {
        return start(folder, freePort(), timeout);
    }

    /**
     * Starts a broker on {@code port} of 127.0.0.1.
     *
     * @throws IOException if the port is in use, or the broker does not come up within {@code timeout}
     */
    public static EmbeddedBroker start(Path folder, int port, Duration timeout)
            throws IOException, InterruptedException {
        requireFree(port);
        Files.createDirectories(folder);
        Path dataDir = folder.resolve("broker-data");
        ServerFiles.deleteTree(dataDir);
        Path log = folder.resolve("broker.log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(
                "-Xmx384m",
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-cp",
                System.getProperty("java.class.path"),
                BrokerMain.class.getName(),
                Integer.toString(port),
                dataDir.toString()));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> readOutput(process, log, ready), "embedded-broker-output");
        reader.setDaemon(true);
        reader.start();
        try {
            String url = ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new EmbeddedBroker(process, url, dataDir, log);
        } catch (ExecutionException e) {
            destroy(process);
            ServerFiles.deleteTree(dataDir);
            throw new IOException(
                    "the Artemis broker did not start: " + e.getCause().getMessage() + " (log: " + log + ")");
        } catch (TimeoutException e) {
            destroy(process);
            ServerFiles.deleteTree(dataDir);
            throw new IOException(
                    "the Artemis broker did not come up within " + timeout.toSeconds() + " s (log: " + log + ")");
        } catch (InterruptedException e) {
            destroy(process);
            ServerFiles.deleteTree(dataDir);
            throw e;
        }
    }

    /** The URL clients connect to, e.g. {@code tcp://127.0.0.1:41234}. */
    public String url() {
        return url;
    }

    /** The child's log file. */
    public Path log() {
        return log;
    }

    /** Whether the broker's JVM is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the broker (gracefully, then by force after 15 s) and removes its journal. */
    @Override
    public void close() {
        stop.stop();
    }

    private void stopAndRemoveFiles() {
        try {
            process.getOutputStream().close(); // the child stops when its stdin closes
        } catch (IOException alreadyGone) {
            // the child is gone already
        }
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                destroy(process);
            }
        } catch (InterruptedException e) {
            destroy(process);
            Thread.currentThread().interrupt();
        }
        try {
            ServerFiles.deleteTree(dataDir);
        } catch (IOException e) {
            System.err.println("mechsym: could not remove the broker's files " + dataDir + ": " + e.getMessage());
        }
    }

    private static void readOutput(Process process, Path log, CompletableFuture<String> ready) {
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                PrintStream copy = new PrintStream(
                        Files.newOutputStream(
                                log, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND),
                        true,
                        StandardCharsets.UTF_8)) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith(BrokerMain.READY)) {
                    ready.complete(line.substring(BrokerMain.READY.length()).trim());
                } else if (line.startsWith(BrokerMain.FAILED)) {
                    ready.completeExceptionally(new IOException(
                            line.substring(BrokerMain.FAILED.length()).trim()));
                }
                copy.println(line);
            }
        } catch (IOException e) {
            ready.completeExceptionally(e);
        }
        ready.completeExceptionally(new IOException("its JVM exited before the broker was up"));
    }

    private static void destroy(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A port of 127.0.0.1 that was free a moment ago. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void requireFree(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new IOException("port " + port + " of 127.0.0.1 is in use: the broker cannot listen there");
        }
    }
}
