/**
 * JMS against a real broker: {@link mechsym.tools.jms.EmbeddedBroker} runs Apache ActiveMQ Artemis in
 * its own JVM (TCP on 127.0.0.1, persistent journal in a folder it removes when stopped), {@link
 * mechsym.tools.jms.UpperCaseService} is the seed's upper-casing request-reply service, and {@link
 * mechsym.tools.jms.RequestReplyLoad} drives it at a fixed, ramping arrival rate, timing each reply from
 * its request's intended send time. Each class states its own threading.
 */
package mechsym.tools.jms;
