package mechsym.gatling;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.jms.JmsDsl.jms;
import static io.gatling.javaapi.jms.JmsDsl.simpleCheck;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.jms.JmsProtocolBuilder;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.time.Duration;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The seed's simulation ("Gatling JMS API now ready for wider testing", TestJmsDsl), in Gatling's Java
 * DSL: request-reply to queue jmstestq with a text body and a test_header property, persistent delivery,
 * one reply listener, the body check, and the ramp of users per second (one request each).
 *
 * <p>System properties: {@code mechsym.broker} (Artemis URL), {@code mechsym.ramp} ({@code from,to,seconds};
 * default the post's {@code 10,1000,120}), {@code mechsym.persistent} (default true), {@code
 * mechsym.timeoutSeconds} (reply timeout, default 10).
 */
public final class JmsRequestReplySimulation extends Simulation {
    static final String BODY_SHOULD_BE = "HELLO FROM GATLING JMS DSL";

    public JmsRequestReplySimulation() {
        String[] ramp = System.getProperty("mechsym.ramp", "10,1000,120").split(",");
        double from = Double.parseDouble(ramp[0]);
        double to = Double.parseDouble(ramp[1]);
        long seconds = Math.round(Double.parseDouble(ramp[2]));

        JmsProtocolBuilder jmsConfig = jms.connectionFactory(
                        new ActiveMQConnectionFactory(System.getProperty("mechsym.broker", "tcp://127.0.0.1:61616")))
                .listenerThreadCount(1)
                .replyTimeout(Duration.ofSeconds(Long.getLong("mechsym.timeoutSeconds", 10)));
        jmsConfig = Boolean.parseBoolean(System.getProperty("mechsym.persistent", "true"))
                ? jmsConfig.usePersistentDeliveryMode()
                : jmsConfig.useNonPersistentDeliveryMode();

        ScenarioBuilder scn = scenario("JMS DSL test")
                .repeat(1)
                .on(exec(jms("req reply testing")
                        .requestReply()
                        .queue("jmstestq")
                        .textMessage("hello from gatling jms dsl")
                        .property("test_header", "test_value")
                        .check(simpleCheck(JmsRequestReplySimulation::checkBodyTextCorrect))));

        setUp(scn.injectOpen(rampUsersPerSec(from).to(to).during(Duration.ofSeconds(seconds))))
                .protocols(jmsConfig);
    }

    /** The post's check: the service upper-cases the text. */
    static boolean checkBodyTextCorrect(Message m) {
        try {
            return m instanceof TextMessage tm && BODY_SHOULD_BE.equals(tm.getText());
        } catch (JMSException e) {
            return false;
        }
    }
}
