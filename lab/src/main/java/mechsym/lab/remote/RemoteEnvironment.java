package mechsym.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.lab.Table;
import mechsym.tools.platform.HostEnvironment;

/**
 * Both hosts of a remote row side by side: this one's {@link HostEnvironment} and the server host's,
 * from the file a server's {@code --env-file} wrote there ({@code --remote-env}), or else as the
 * gateway on that host answers {@code GET /env} (docs/two-machines.md).
 */
public final class RemoteEnvironment {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RemoteEnvironment() {}

    /**
     * The table "environments": one row per fact, this host and the server host: from {@code
     * servers}' environment file if it names one, else its gateway's {@code GET /env}, else the server
     * host's column says why it is empty.
     */
    public static Table table(RemoteServers servers) {
        return table(servers.environmentFile(), servers.gateway());
    }

    /**
     * {@code file} as the server host's facts.
     *
     * @throws IllegalArgumentException one line naming the file and what is wrong with it
     */
    public static Map<String, String> checkFile(Path file) {
        try {
            return facts(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--remote-env " + file + ": cannot be read as a server's --env-file (" + e.getMessage() + ")");
        }
    }

    private static Table table(Path file, URI gateway) {
        Map<String, String> here = HostEnvironment.probe();
        Map<String, String> there = new LinkedHashMap<>();
        String note;
        if (file != null) {
            there = checkFile(file);
            note = "The server host's facts as its server wrote them to " + file + " (--env-file, --remote-env).";
        } else if (gateway == null) {
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

    private static Map<String, String> facts(String json) throws IOException {
        JsonNode node = JSON.readTree(json);
        if (!node.isObject() || !node.has("host")) {
            throw new IOException("not a JSON object of a host's facts");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        node.properties().forEach(f -> facts.put(f.getKey(), f.getValue().asText()));
        return facts;
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
            return facts(response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }
}
