package mechsym.tools.jms;

import java.io.IOException;
import java.nio.file.Path;
import mechsym.tools.ServerFiles;
import mechsym.tools.platform.ExitOnStdinClose;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

/**
 * The child JVM of {@link EmbeddedBroker}: an Apache ActiveMQ Artemis broker with one TCP acceptor on
 * 127.0.0.1 and its persistent journal (NIO, so no native library) in the folder given.
 *
 * <p>Arguments: {@code PORT DATA_DIR}. It prints {@value #READY} followed by the acceptor's URL once the
 * broker accepts connections, and {@value #FAILED} with the reason if it cannot start. It stops when its
 * stdin closes (the parent closed it, or died: {@link ExitOnStdinClose}), or on SIGTERM, and removes
 * DATA_DIR when it stops.
 */
public final class BrokerMain {
    static final String READY = "@broker-ready ";
    static final String FAILED = "@broker-failed ";

    private BrokerMain() {}

    /**
     * The broker's one input, given as JSON in its only argument.
     *
     * @param port the TCP port to listen on, on loopback
     * @param dataDir the journal's folder, removed when the broker stops
     */
    record Input(int port, String dataDir) {
        String json() {
            try {
                return JSON.writeValueAsString(this);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e); // a record of an int and a string always writes
            }
        }

        static Input of(String[] args) {
            if (args.length != 1) {
                throw new IllegalArgumentException("expected one argument, the input as JSON, got " + args.length);
            }
            try {
                Input input = JSON.readValue(args[0], Input.class);
                if (input.port() < 1 || input.port() > 65_535 || input.dataDir() == null) {
                    throw new IllegalArgumentException("port 1..65535 and dataDir are required: " + args[0]);
                }
                return input;
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalArgumentException("input is not JSON of {port, dataDir}: " + e.getOriginalMessage());
            }
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    public static void main(String[] args) throws Exception {
        Input input;
        try {
            input = Input.of(args);
        } catch (IllegalArgumentException e) {
            System.out.println(FAILED + "BrokerMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        int port = input.port();
        Path data = Path.of(input.dataDir());
        String url = "tcp://127.0.0.1:" + port;
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ().setConfiguration(configuration(url, data));
        try {
            broker.start();
            if (!broker.getActiveMQServer().isActive()) {
                throw new IOException("the broker started but is not active (see this log)");
            }
        } catch (Exception e) {
            System.out.println(FAILED + e.getClass().getSimpleName() + ": " + e.getMessage());
            System.out.flush();
            stopQuietly(broker);
            System.exit(1);
        }
        Thread stop = new Thread(() -> stopAndRemove(broker, data), "broker-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        System.out.println(READY + url);
        System.out.flush();
        ExitOnStdinClose.await();
        System.exit(0); // the hook stops the broker and removes its files
    }

    static Configuration configuration(String acceptorUrl, Path data) throws Exception {
        Configuration config = new ConfigurationImpl()
                .setName("mechsym")
                .setPersistenceEnabled(true)
                .setJournalType(JournalType.NIO)
                .setJournalDirectory(data.resolve("journal").toString())
                .setBindingsDirectory(data.resolve("bindings").toString())
                .setLargeMessagesDirectory(data.resolve("large-messages").toString())
                .setPagingDirectory(data.resolve("paging").toString())
                .setNodeManagerLockDirectory(data.toString())
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false);
        config.addAcceptorConfiguration("tcp", acceptorUrl);
        return config;
    }

    private static void stopAndRemove(EmbeddedActiveMQ broker, Path data) {
        stopQuietly(broker);
        try {
            ServerFiles.deleteTree(data);
        } catch (IOException e) {
            System.err.println("broker: could not remove " + data + ": " + e.getMessage());
        }
    }

    private static void stopQuietly(EmbeddedActiveMQ broker) {
        try {
            broker.stop();
        } catch (Exception e) {
            System.err.println("broker stop: " + e);
        }
    }
}
