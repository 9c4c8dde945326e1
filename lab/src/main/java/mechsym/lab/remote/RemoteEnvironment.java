package mechsym.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.lab.Table;
import mechsym.tools.platform.HostEnvironment;

/**
 * Both hosts of a remote row side by side: this one's {@link HostEnvironment} and the server host's,
 * as its gateway answers {@code GET /env}. The ping and echo servers do not answer it: their host's
 * is recorded when a gateway runs on the same host (docs/two-machines.md starts all three there).
 */
public final class RemoteEnvironment {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RemoteEnvironment() {}

    /**
     * The table "environments": one row per fact, this host and the server host; {@code gateway} may be
     * null (then the server host's column says why it is empty).
     */
    public static Table table(URI gateway) {
        Map<String, String> here = HostEnvironment.probe();
        Map<String, String> there = new LinkedHashMap<>();
        String note;
        if (gateway == null) {
            note = "The server host's environment is not recorded: no gateway was given (start `mechsym gateway"
                    + " serve` on that host and give --remote or --remote-gateway).";
        } else {
            try {
                there = fetch(gateway, Duration.ofSeconds(3));
                note = "The server host's facts as " + gateway.resolve("/env") + " answered.";
            } catch (IOException e) {
                note = "The server host's environment is not recorded: " + gateway.resolve("/env") + ": "
                        + e.getMessage();
            }
        }
        Table.Builder table = Table.measured("environments", "both hosts: the lab's (client) and the servers'")
                .column("fact")
                .column("this host")
                .column("server host")
                .note(note);
        for (Map.Entry<String, String> e : here.entrySet()) {
            table.row(e.getKey(), e.getValue(), there.getOrDefault(e.getKey(), "not recorded"));
        }
        return table.build();
    }

    /** The gateway host's facts from its {@code GET /env}. */
    static Map<String, String> fetch(URI gateway, Duration timeout) throws IOException {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(gateway.resolve("/env"))
                            .timeout(timeout)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("answered " + response.statusCode() + " (a gateway without /env?)");
            }
            Map<String, String> facts = new LinkedHashMap<>();
            JsonNode node = JSON.readTree(response.body());
            node.properties().forEach(f -> facts.put(f.getKey(), f.getValue().asText()));
            return facts;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }
}
