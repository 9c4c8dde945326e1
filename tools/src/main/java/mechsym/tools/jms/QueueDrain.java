package mechsym.tools.jms;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;

/**
 * Empties a queue: the requests a service could not keep up with stay there after a load run, and
 * would be served, late, to the next one. Stateless; thread-safe.
 */
public final class QueueDrain {
    private static final int COMMIT_EVERY = 1000;

    private QueueDrain() {}

    /**
     * Consumes and discards every message of {@code queue} until none arrives for {@code quietMillis}
     * (a transacted session, committed every thousand messages, so a persistent backlog costs one journal
     * write per thousand).
     *
     * @return how many messages were discarded
     */
    public static long drain(ConnectionFactory factory, String queue, long quietMillis) throws JMSException {
        long drained = 0;
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            connection.start();
            while (consumer.receive(quietMillis) != null) {
                if (++drained % COMMIT_EVERY == 0) {
                    session.commit();
                }
            }
            session.commit();
        }
        return drained;
    }
}
