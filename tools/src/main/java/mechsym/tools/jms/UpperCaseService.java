package mechsym.tools.jms;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import mechsym.tools.platform.RunningServer;

/**
 * The seed's JMS request-reply service: takes a {@link TextMessage} from a queue and replies to its
 * {@code JMSReplyTo} with the text upper-cased, the request's correlation id (its message id when it
 * has none: what a requester matching replies by message id, like Gatling's default, expects) and the
 * request's delivery mode.
 *
 * <pre>
 *   requester --TextMessage(replyTo, corrId)--> [queue] --> listener 1..n --TEXT--> replyTo
 * </pre>
 *
 * <p>Malformed requests (not a TextMessage, a null text, no reply-to) are consumed, counted and logged
 * (the first ten of each kind, then every thousandth), and the service goes on serving.
 *
 * <p>Threading: each listener is one JMS session whose consumer delivers on the provider's thread for
 * that session, so a listener handles one message at a time. {@link #served()} and the other counters
 * may be read from any thread; {@link #close()} from any thread, any number of times: it closes the
 * connection, which returns once no listener is inside its {@code onMessage} (JMS 3.1, section 6.1.8);
 * the delivering threads are the provider's pool, not the service's own.
 */
public final class UpperCaseService implements RunningServer {
    private static final int LOGGED_PER_KIND = 10;

    private final Connection connection;
    private final String queue;
    private final PrintStream log;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final LongAdder served = new LongAdder();
    private final LongAdder wrongType = new LongAdder();
    private final LongAdder noReplyTo = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final CountDownLatch lost = new CountDownLatch(1);
    private final AtomicReference<String> lostReason = new AtomicReference<>();

    private UpperCaseService(Connection connection, String queue, PrintStream log) {
        this.connection = connection;
        this.queue = queue;
        this.log = log;
    }

    /**
     * Connects and starts {@code listeners} consumers on {@code queue}.
     *
     * @param log where malformed requests and a lost connection are reported
     */
    public static UpperCaseService start(ConnectionFactory factory, String queue, int listeners, PrintStream log)
            throws JMSException {
        if (listeners < 1) {
            throw new IllegalArgumentException("listeners must be at least 1, not " + listeners);
        }
        Connection connection = factory.createConnection();
        UpperCaseService service = new UpperCaseService(connection, queue, log);
        try {
            connection.setExceptionListener(e -> service.connectionLost(e.getMessage()));
            for (int i = 0; i < listeners; i++) {
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer replies = session.createProducer(null);
                MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
                consumer.setMessageListener(request -> service.serve(session, replies, request));
            }
            connection.start();
        } catch (JMSException | RuntimeException e) {
            connection.close();
            throw e;
        }
        return service;
    }

    private void serve(Session session, MessageProducer replies, Message request) {
        try {
            Destination replyTo = request.getJMSReplyTo();
            if (!(request instanceof TextMessage text) || text.getText() == null) {
                malformed(wrongType, "not a TextMessage with text (" + describe(request) + ")", request);
                return;
            }
            if (replyTo == null) {
                malformed(noReplyTo, "no JMSReplyTo", request);
                return;
            }
            TextMessage reply = session.createTextMessage(text.getText().toUpperCase(Locale.ROOT));
            String correlation = request.getJMSCorrelationID();
            reply.setJMSCorrelationID(correlation != null ? correlation : request.getJMSMessageID());
            replies.send(
                    replyTo,
                    reply,
                    request.getJMSDeliveryMode(),
                    Message.DEFAULT_PRIORITY,
                    Message.DEFAULT_TIME_TO_LIVE);
            served.increment();
        } catch (JMSException | RuntimeException e) {
            malformed(failed, "could not reply: " + e, request);
        }
    }

    private void malformed(LongAdder counter, String what, Message request) {
        counter.increment();
        long n = counter.sum();
        if (n <= LOGGED_PER_KIND || n % 1000 == 0) {
            log.println("jms-service: request " + id(request) + " refused: " + what + " (" + n + " so far)");
        }
    }

    private void connectionLost(String reason) {
        lostReason.compareAndSet(null, reason);
        log.println("jms-service: connection to the broker lost: " + reason);
        lost.countDown();
    }

    private static String describe(Message m) {
        return m.getClass().getSimpleName().replace("ActiveMQ", "");
    }

    private static String id(Message m) {
        try {
            return m.getJMSMessageID();
        } catch (JMSException e) {
            return "(no id)";
        }
    }

    /** Requests answered. */
    public long served() {
        return served.sum();
    }

    /** Requests refused because they were not a TextMessage with text. */
    public long wrongType() {
        return wrongType.sum();
    }

    /** Requests refused because they had no JMSReplyTo. */
    public long noReplyTo() {
        return noReplyTo.sum();
    }

    /** Requests whose reply could not be sent. */
    public long failed() {
        return failed.sum();
    }

    /** Every request refused, of any kind. */
    public long malformed() {
        return wrongType() + noReplyTo() + failed();
    }

    /** One line: served and refused counts. */
    public String statsLine() {
        return String.format(
                Locale.ROOT,
                "served %d, refused %d (wrong type %d, no reply-to %d, reply failed %d)",
                served(),
                malformed(),
                wrongType(),
                noReplyTo(),
                failed());
    }

    /**
     * Waits up to {@code millis} for the connection to the broker to be lost.
     *
     * @return the reason if it was lost, else null
     */
    public String awaitConnectionLoss(long millis) throws InterruptedException {
        return lost.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS) ? lostReason.get() : null;
    }

    /** The queue it serves, as a JMS destination. */
    @Override
    public String address() {
        return "queue://" + queue;
    }

    @Override
    public String summary() {
        return "jms-service: " + statsLine();
    }

    /** Closes the connection (waiting for listeners busy with a message); a failure to close is logged. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            connection.close();
        } catch (JMSException e) {
            log.println("jms-service: closing the connection: " + e.getMessage());
        }
    }
}
