package mechsym.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import mechsym.lab.Table;
import mechsym.tools.platform.HostEnvironment;
import mechsym.tools.platform.TerminalText;
import mechsym.tools.platform.UntrustedFiles;

/**
 * Both hosts of a remote row side by side: this one's {@link HostEnvironment} and the server host's,
 * from the file a server's {@code --env-file} wrote there ({@code --remote-env}), or else as the
 * gateway on that host answers {@code GET /env} (docs/two-machines.md). Both are read bounded: the
 * file only if it is a regular file of at most {@link PeerHttp#MAX_BODY_BYTES}, the answer within its
 * deadline and that size.
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
        byte[] bytes;
        try {
            bytes = UntrustedFiles.read("--remote-env", file, PeerHttp.MAX_BODY_BYTES);
        } catch (IOException e) {
            throw new IllegalArgumentException(TerminalText.escape(e.getMessage()));
        }
        try {
            return facts(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("--remote-env " + file + ": cannot be read as a server's --env-file ("
                    + TerminalText.quote(e.getMessage(), 200) + ")");
        }
    }

    private static Table table(Path file, URI gateway) {
        Map<String, String> here = HostEnvironment.probe();
        Map<String, String> there = new LinkedHashMap<>();
        String note;
        if (file != null) {
            try {
                there = checkFile(file);
                note = "The server host's facts as its server wrote them to " + file + " (--env-file, --remote-env).";
            } catch (IllegalArgumentException e) {
                // checked at the start; a file changed since costs this column, not the row
                note = "The server host's environment is not recorded: " + e.getMessage();
            }
        } else if (gateway == null) {
            note = "The server host's environment is not recorded: no gateway was given (start `mechsym gateway"
                    + " serve` on that host and give --remote or --remote-gateway).";
        } else {
            try {
                there = fetch(gateway, Duration.ofSeconds(3));
                note = "The server host's facts as " + gateway.resolve("/env") + " answered.";
            } catch (IOException e) {
                note = "The server host's environment is not recorded: " + gateway.resolve("/env") + ": "
                        + TerminalText.quote(String.valueOf(e.getMessage()), 200);
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

    /** The gateway host's facts from its {@code GET /env}, whole within {@code timeout}. */
    static Map<String, String> fetch(URI gateway, Duration timeout) throws IOException {
        PeerHttp.Answer response = PeerHttp.get(gateway.resolve("/env"), timeout, PeerHttp.MAX_BODY_BYTES);
        if (response.status() != 200) {
            throw new IOException("answered " + response.status() + " (a gateway without /env?)");
        }
        return facts(response.body());
    }
}
