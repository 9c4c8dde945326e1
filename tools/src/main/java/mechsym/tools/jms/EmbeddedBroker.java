package mechsym.tools.jms;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mechsym.tools.ServerFiles;
import mechsym.tools.StopOnce;
import mechsym.tools.platform.ChildProcess;
import mechsym.tools.platform.FreePort;
import mechsym.tools.platform.JavaCommand;

/**
 * An Apache ActiveMQ Artemis broker in its own JVM ({@link BrokerMain}), started by mechsym: one TCP
 * acceptor on 127.0.0.1 and a persistent journal in {@code folder/broker-data}. {@link #close()} stops
 * it and removes the journal; so does a shutdown hook if this JVM exits first (Ctrl-C). The child
 * watches its stdin ({@link ChildProcess.ParentWatch#STDIN}): when this JVM dies, {@code kill -9}
 * included, it stops and removes the journal itself. The child's output goes to {@code
 * folder/broker.log}, which is kept.
 *
 * <p>Thread safety: {@link #close()} may be called from any thread, more than once.
 */
public final class EmbeddedBroker implements AutoCloseable {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

    private final ChildProcess process;
    private final String url;
    private final Path dataDir;
    private final StopOnce stop;

    private EmbeddedBroker(ChildProcess process, String url, Path dataDir) {
        this.process = process;
        this.url = url;
        this.dataDir = dataDir;
        this.stop = StopOnce.atExit("embedded-broker-stop", this::stopAndRemoveFiles);
    }

    /**
     * Starts a broker on a free port of 127.0.0.1, its files under {@code folder}, and waits until it
     * accepts connections.
     *
     * @throws IOException naming the reason and the log if it does not come up within {@code timeout}
     */
    public static EmbeddedBroker start(Path folder, Duration timeout) throws IOException, InterruptedException {
        return start(folder, FreePort.onLoopback(), timeout);
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
        ServerFiles.deleteTree(dataDir); // what a broker that could not remove it left
        List<String> command = JavaCommand.main(BrokerMain.class.getName())
                .flags("-Xmx384m")
                .args(new BrokerMain.Input(port, dataDir.toString()).json())
                .build();
        ChildProcess process;
        try {
            process = ChildProcess.command(command)
                    .name("the Artemis broker")
                    .log(folder.resolve("broker.log"))
                    .watch(ChildProcess.ParentWatch.STDIN)
                    .grace(STOP_TIMEOUT)
                    .start(line -> line.startsWith(BrokerMain.READY) || line.startsWith(BrokerMain.FAILED), timeout);
        } catch (IOException | InterruptedException e) {
            ServerFiles.deleteTree(dataDir);
            throw e;
        }
        String said = process.readyLine();
        if (said.startsWith(BrokerMain.FAILED)) {
            process.close();
            ServerFiles.deleteTree(dataDir);
            throw new IOException("the Artemis broker did not start: " + said.substring(BrokerMain.FAILED.length())
                    + " (log: " + process.log() + ")");
        }
        return new EmbeddedBroker(
                process, said.substring(BrokerMain.READY.length()).trim(), dataDir);
    }

    /** The URL clients connect to, e.g. {@code tcp://127.0.0.1:41234}. */
    public String url() {
        return url;
    }

    /** The child's log file. */
    public Path log() {
        return process.log();
    }

    /** Whether the broker's JVM is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The broker JVM's process id. */
    public long pid() {
        return process.pid();
    }

    /** Stops the broker (gracefully, then by force after 15 s) and removes its journal. */
    @Override
    public void close() {
        stop.stop();
    }

    private void stopAndRemoveFiles() {
        process.close();
        try {
            ServerFiles.deleteTree(dataDir);
        } catch (IOException e) {
            System.err.println("mechsym: could not remove the broker's files " + dataDir + ": " + e.getMessage());
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
