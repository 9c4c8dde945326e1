package mechsym.tools.jms;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
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
 * stdin closes (the parent closed it, or died), or on SIGTERM.
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
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(broker), "broker-stop"));
        System.out.println(READY + url);
        System.out.flush();
        waitForStdinToClose(System.in);
        stopQuietly(broker);
        System.exit(0);
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

    private static void waitForStdinToClose(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // any input is ignored: only its end matters
            }
        } catch (IOException closed) {
            // the parent is gone: stop as if stdin had closed
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
