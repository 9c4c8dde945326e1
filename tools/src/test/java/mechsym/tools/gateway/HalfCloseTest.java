package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A client that sends its requests and then ends its side ({@code shutdown(SHUT_WR)}) gets every
 * answer before the gateway closes: with a service that answers at once (the end arrives after the
 * answer) and one that takes 50 ms (the end arrives while the request is in the service).
 */
@Timeout(30)
class HalfCloseTest {
    private static final String GET = "GET /txn HTTP/1.1\r\nHost: x\r\n\r\n";
    private GatewayServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private int start(double txnMicros) throws Exception {
        server = GatewayServer.start(
                GatewayConfig.defaults()
                        .withThreads(1, 1)
                        .withService(
                                QueueSizing.ofLength(16, txnMicros, 1), QueuePolicy.REJECT, txnMicros, WorkKind.SLEEP)
                        .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5)),
                null,
                null);
        return server.port();
    }

    private static int answers(String received) {
        return received.split("HTTP/1.1 200 OK", -1).length - 1;
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 50_000})
    void aKeepAliveRequestThenHalfCloseIsAnswered(double txnMicros) throws Exception {
        String received = RawHttp.halfClosed(start(txnMicros), GET);
        assertThat(answers(received)).isEqualTo(1);
        assertThat(received).endsWith("ok\n");
        assertThat(server.stats()).containsEntry("answered", 1L).containsEntry("answersDropped", 0L);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 50_000})
    void aPipelinedPairThenHalfCloseGetsBothAnswersInOrder(double txnMicros) throws Exception {
        String pair = "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\none" + "GET /stats HTTP/1.1\r\nHost: x\r\n\r\n";
        String received = RawHttp.halfClosed(start(txnMicros), pair);
        assertThat(answers(received)).isEqualTo(2);
        assertThat(received.indexOf("ok\n")).isLessThan(received.indexOf("\"answered\":1"));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 50_000})
    void anHttp10RequestThenHalfCloseIsAnswered(double txnMicros) throws Exception {
        String received = RawHttp.halfClosed(start(txnMicros), "GET /txn HTTP/1.0\r\n\r\n");
        assertThat(received)
                .startsWith("HTTP/1.1 200 OK")
                .contains("Connection: close")
                .endsWith("ok\n");
    }

    @Test
    void aHalfRequestThenHalfCloseIsClosedWithoutAnAnswer() throws Exception {
        // closed at once: no 408 after the request timeout, nothing in the service
        assertThat(RawHttp.halfClosed(start(0), "GET /txn HTTP/1.1\r\nHost: x\r\n"))
                .isEmpty();
        assertThat(server.stats()).containsEntry("accepted", 0L).containsEntry("connectionsOpen", 0L);
    }
}
