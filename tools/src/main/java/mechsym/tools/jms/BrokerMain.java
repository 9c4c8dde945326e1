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

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.out.println(FAILED + "usage: BrokerMain PORT DATA_DIR");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Path data = Path.of(args[1]);
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
