package mechsym.lab.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The servers the user started on another host for the network rows: a {@code mechsym ping server}
 * (tcp-ping), a {@code mechsym echo server} (udp-echo) and a {@code mechsym gateway serve}
 * (back-pressure). Each is absent, or where the row measures it besides loopback. Immutable.
 *
 * @param ping the ping server, or null
 * @param echo the echo server, or null
 * @param gateway the gateway's base URL ({@code http://host:port}), or null
 * @param environmentFile the server host's environment as a server's {@code --env-file} wrote it, or
 *     null (then the gateway's {@code GET /env} gives it)
 */
public record RemoteServers(HostPort ping, HostPort echo, URI gateway, Path environmentFile) {
    /** The ports {@code --remote HOST} assumes, as docs/two-machines.md starts the servers. */
    public static final int PING_PORT = 9000;

    public static final int ECHO_PORT = 9001;
    public static final int GATEWAY_PORT = 8080;

    /** No remote server: the rows measure loopback only. */
    public static final RemoteServers NONE = new RemoteServers(null, null, null, null);

    /**
     * From the lab's options: {@code host} ({@code --remote HOST}: every server at its default port
     * there) and the overrides {@code --remote-ping HOST[:PORT]}, {@code --remote-echo HOST[:PORT]},
     * {@code --remote-gateway URL}; each may be null.
     *
     * @throws IllegalArgumentException one line naming the option and what is wrong
     */
    public static RemoteServers of(String host, String ping, String echo, String gateway) {
        HostPort base = host == null ? null : HostPort.parse("--remote", host, 1);
        if (base != null && host.matches(".*:\\d*$") && !host.endsWith("]")) {
            throw new IllegalArgumentException("--remote '" + host + "': a host only (each server has its own"
                    + " port); give --remote-ping/--remote-echo HOST:PORT or --remote-gateway URL for other ports");
        }
        return new RemoteServers(
                ping != null
                        ? HostPort.parse("--remote-ping", ping, PING_PORT)
                        : base == null ? null : new HostPort(base.host(), PING_PORT),
                echo != null
                        ? HostPort.parse("--remote-echo", echo, ECHO_PORT)
                        : base == null ? null : new HostPort(base.host(), ECHO_PORT),
                gateway != null
                        ? gatewayUrl(gateway)
                        : base == null ? null : URI.create("http://" + new HostPort(base.host(), GATEWAY_PORT)),
                null);
    }

    /** These servers, with the server host's environment read from {@code file} ({@code --remote-env}). */
    public RemoteServers withEnvironmentFile(Path file) {
        return new RemoteServers(ping, echo, gateway, file);
    }

    private static URI gatewayUrl(String text) {
        try {
            URI uri = new URI(text);
            if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException(
                        "--remote-gateway '" + text + "': expected an http URL such as http://host:8080");
            }
            return uri.getPort() < 0 ? new URI("http", null, uri.getHost(), GATEWAY_PORT, null, null, null) : uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--remote-gateway '" + text + "': " + e.getReason());
        }
    }

    public Optional<HostPort> pingServer() {
        return Optional.ofNullable(ping);
    }

    public Optional<HostPort> echoServer() {
        return Optional.ofNullable(echo);
    }

    public Optional<URI> gatewayServer() {
        return Optional.ofNullable(gateway);
    }

    /** The options that give these servers, as the run's command line shows them ("" for none). */
    public String options() {
        List<String> parts = new ArrayList<>();
        pingServer().ifPresent(p -> parts.add("--remote-ping " + p));
        echoServer().ifPresent(e -> parts.add("--remote-echo " + e));
        gatewayServer().ifPresent(g -> parts.add("--remote-gateway " + g));
        if (environmentFile != null) {
            parts.add("--remote-env " + environmentFile);
        }
        return parts.isEmpty() ? "" : " " + String.join(" ", parts);
    }
}
