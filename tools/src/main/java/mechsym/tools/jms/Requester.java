package mechsym.tools.jms;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;

/** One request-reply by hand: sends a text and waits for its reply. Stateless; thread-safe. */
public final class Requester {
    private Requester() {}

    /**
     * Sends {@code text} to {@code queue} with a temporary reply queue and returns the reply's text.
     *
     * @throws JMSException if no reply arrives within {@code timeoutMillis}, or the reply is not text
     */
    public static String request(ConnectionFactory factory, String queue, String text, long timeoutMillis)
            throws JMSException {
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replyTo = session.createTemporaryQueue();
            MessageConsumer replies = session.createConsumer(replyTo);
            connection.start();
            TextMessage request = session.createTextMessage(text);
            request.setJMSReplyTo(replyTo);
            session.createProducer(session.createQueue(queue)).send(request);
            Message reply = replies.receive(timeoutMillis);
            if (reply == null) {
                throw new JMSException("no reply from queue " + queue + " within " + timeoutMillis
                        + " ms (is a jms-service listening on it?)");
            }
            if (!(reply instanceof TextMessage textReply)) {
                throw new JMSException(
                        "the reply is not a TextMessage: " + reply.getClass().getSimpleName());
            }
            return textReply.getText();
        }
    }
}
