package mechsym.tools.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import mechsym.tools.platform.HostEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code GET /env}: the gateway host's environment as JSON, for a lab run on another host. */
@Timeout(30)
class GatewayEnvTest {
    @Test
    void answersItsHostsEnvironmentAsJsonAndCountsNoTransaction() throws Exception {
        try (GatewayServer server = GatewayServer.start(GatewayConfig.defaults(), null, null);
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build()) {
            HttpResponse<String> env = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/env"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(env.statusCode()).isEqualTo(200);
            assertThat(env.headers().firstValue("Content-Type")).hasValue("application/json");
            JsonNode facts = new ObjectMapper().readTree(env.body());
            assertThat(facts.path("logicalCpus").asText())
                    .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
            assertThat(facts.path("jdk").asText()).contains(System.getProperty("java.version"));
            assertThat(facts.properties()).hasSize(HostEnvironment.probe().size());
            assertThat(server.stats().get("accepted")).isEqualTo(0L);
        }
    }
}
