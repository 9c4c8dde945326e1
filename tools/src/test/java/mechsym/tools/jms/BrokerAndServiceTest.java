package mechsym.tools.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against a real Artemis broker in its own JVM: the service, malformed requests, the load. */
final class BrokerAndServiceTest {
    @TempDir
    static Path folder;

    private static EmbeddedBroker broker;
    private static ConnectionFactory factory;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedBroker.start(folder, Duration.ofSeconds(60));
        factory = JmsConnections.forUrl(broker.url());
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
        assertThat(broker.isAlive()).as("broker JVM stopped").isFalse();
        assertThat(folder.resolve("broker-data")).as("journal removed").doesNotExist();
    }

    @Test
    void serviceUpperCasesAndKeepsServingThroughMalformedRequests() throws Exception {
        ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);
        try (UpperCaseService service = UpperCaseService.start(factory, "svc-test", 1, log);
                Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("svc-test"));
            TemporaryQueue replyTo = session.createTemporaryQueue();
            MessageConsumer replies = session.createConsumer(replyTo);
            connection.start();

            assertThat(requestReply(session, producer, replies, replyTo, "hello", "c1"))
                    .isEqualTo("HELLO");

            BytesMessage wrongType = session.createBytesMessage();
            wrongType.writeBytes(new byte[] {1, 2, 3});
            wrongType.setJMSReplyTo(replyTo);
            producer.send(wrongType);
            producer.send(session.createTextMessage("no reply-to"));

            assertThat(requestReply(session, producer, replies, replyTo, "still here", "c2"))
                    .isEqualTo("STILL HERE");
            awaitCount(service::served, 2); // the counter moves just after the reply leaves
            assertThat(service.served()).isEqualTo(2);
            assertThat(service.wrongType()).isEqualTo(1);
            assertThat(service.noReplyTo()).isEqualTo(1);
            assertThat(replies.receive(300))
                    .as("no reply to a malformed request")
                    .isNull();
        }
        assertThat(logBytes.toString(StandardCharsets.UTF_8))
                .contains("not a TextMessage")
                .contains("no JMSReplyTo");
    }

    @Test
    void closeStopsServingOnceAndSaysWhatItDid() throws Exception {
        UpperCaseService service = UpperCaseService.start(factory, "svc-close", 1, System.err);
        assertThat(service.address()).isEqualTo("queue://svc-close");
        service.close();
        service.close(); // twice: nothing more, no exception
        assertThat(service.summary()).startsWith("jms-service: served 0");
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("svc-close"));
            TemporaryQueue replyTo = session.createTemporaryQueue();
            MessageConsumer replies = session.createConsumer(replyTo);
            connection.start();
            TextMessage request = session.createTextMessage("anyone?");
            request.setJMSReplyTo(replyTo);
            producer.send(request);
            assertThat(replies.receive(500)).as("no listener after close").isNull();
        }
    }

    @Test
    void replyCarriesTheRequestsMessageIdWhenItHasNoCorrelationId() throws Exception {
        try (UpperCaseService _ = UpperCaseService.start(factory, "svc-id", 1, System.err);
                Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("svc-id"));
            TemporaryQueue replyTo = session.createTemporaryQueue();
            MessageConsumer replies = session.createConsumer(replyTo);
            connection.start();
            TextMessage request = session.createTextMessage("abc");
            request.setJMSReplyTo(replyTo);
            producer.send(request);
            Message reply = replies.receive(10_000);
            assertThat(reply).isNotNull();
            assertThat(reply.getJMSCorrelationID()).isEqualTo(request.getJMSMessageID());
        }
    }

    @Test
    void rampLoadGetsEveryReplyChecked() throws Exception {
        try (UpperCaseService service = UpperCaseService.start(factory, "load-test", 1, System.err)) {
            RequestReplyLoad.Scenario scenario =
                    new RequestReplyLoad.Scenario("load-test", "hello", "test_header", "test_value", "HELLO", true);
            RequestReplyLoad.Result result =
                    new RequestReplyLoad(factory, scenario, new Ramp(20, 60, 2), 4, 10_000).run(line -> {});
            assertThat(result.offered()).isEqualTo(new Ramp(20, 60, 2).requests());
            assertThat(result.ok()).isEqualTo(result.offered());
            assertThat(result.failedChecks()).isZero();
            assertThat(result.timeouts()).isZero();
            assertThat(result.recorder().total().count()).isEqualTo(result.offered());
            awaitCount(service::served, result.offered());
            assertThat(service.served()).isEqualTo(result.offered());
        }
    }

    @Test
    void aFailedCheckIsCountedNotHidden() throws Exception {
        try (UpperCaseService _ = UpperCaseService.start(factory, "check-test", 1, System.err)) {
            RequestReplyLoad.Scenario expectsWrong =
                    new RequestReplyLoad.Scenario("check-test", "hello", "h", "v", "hello", false);
            RequestReplyLoad.Result result =
                    new RequestReplyLoad(factory, expectsWrong, new Ramp(20, 20, 1), 2, 10_000).run(line -> {});
            assertThat(result.failedChecks()).isEqualTo(result.offered()).isPositive();
        }
    }

    @Test
    void aBacklogIsDrainedSoTheNextRunStartsEmpty() throws Exception {
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("backlog"));
            for (int i = 0; i < 5; i++) {
                producer.send(session.createTextMessage("stale " + i));
            }
        }
        assertThat(QueueDrain.drain(factory, "backlog", 200)).isEqualTo(5);
        assertThat(QueueDrain.drain(factory, "backlog", 200)).isZero();
    }

    @Test
    void aPortInUseIsAClearError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path other = Files.createDirectories(folder.resolve("other"));
            assertThatThrownBy(() -> EmbeddedBroker.start(other, taken.getLocalPort(), Duration.ofSeconds(30)))
                    .hasMessageContaining("port " + taken.getLocalPort())
                    .hasMessageContaining("in use");
        }
    }

    private static void awaitCount(java.util.function.LongSupplier counter, long expected) throws InterruptedException {
        for (int i = 0; i < 100 && counter.getAsLong() < expected; i++) {
            Thread.sleep(50);
        }
    }

    private static String requestReply(
            Session session,
            MessageProducer producer,
            MessageConsumer replies,
            TemporaryQueue replyTo,
            String text,
            String correlation)
            throws Exception {
        TextMessage request = session.createTextMessage(text);
        request.setJMSReplyTo(replyTo);
        request.setJMSCorrelationID(correlation);
        producer.send(request);
        Message reply = replies.receive(10_000);
        assertThat(reply).as("a reply to '" + text + "'").isInstanceOf(TextMessage.class);
        assertThat(reply.getJMSCorrelationID()).isEqualTo(correlation);
        return ((TextMessage) reply).getText();
    }
}
