package mechsym.tools.jms;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** Connection factories for an Artemis broker's URL. Stateless; thread-safe. */
public final class JmsConnections {
    private JmsConnections() {}

    /**
     * A Jakarta JMS connection factory for an Artemis (core protocol) URL such as {@code
     * tcp://127.0.0.1:61616}; at most {@code connectSeconds} to connect, no reconnection.
     *
     * @throws IllegalArgumentException naming the URL if it is not one Artemis understands
     */
    public static ConnectionFactory forUrl(String url) {
        if (url == null || !url.matches("(tcp|vm)://.+")) {
            throw new IllegalArgumentException(
                    "broker URL '" + url + "': expected an Artemis URL such as tcp://127.0.0.1:61616");
        }
        try {
            ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
            factory.setCallTimeout(30_000);
            return factory;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("broker URL '" + url + "': " + e.getMessage(), e);
        }
    }
}
