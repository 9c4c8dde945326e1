package mechsym.tools.platform;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * Whether a server the user named by URL ({@code --jdbc-url}, {@code --broker-url}) accepts a TCP
 * connection, within {@link #TIMEOUT}: a host that drops packets is "timed out", one that answers
 * with a reset is "refused", each naming the host and port, before a driver waits minutes of its own.
 * Stateless and thread-safe.
 */
public final class ConnectCheck {
    /** How long a connection to a user's server may take before the run stops: a LAN answers in ms. */
    public static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ConnectCheck() {}

    /** A server's host and port as a URL names it. */
    public record Endpoint(String host, int port) {
        @Override
        public String toString() {
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
        }
    }

    /**
     * The first host and port of a PostgreSQL ({@code jdbc:postgresql://host:port/db}, default port
     * 5432, no host: localhost) or Oracle thin ({@code jdbc:oracle:thin:user/pw@//host:port/service},
     * default port 1521) URL; null for a form that names none plainly (an Oracle TNS descriptor).
     */
    public static Endpoint ofJdbcUrl(String url) {
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("jdbc:postgresql://")) {
            String hosts = cut(url.substring("jdbc:postgresql://".length()), "/?");
            return hostPort(cut(hosts, ","), 5432);
        }
        if (lower.startsWith("jdbc:postgresql:")) {
            return new Endpoint("localhost", 5432);
        }
        if (lower.startsWith("jdbc:oracle:thin:")) {
            int at = url.lastIndexOf('@');
            String address = at < 0 ? "" : url.substring(at + 1);
            address = address.startsWith("//") ? address.substring(2) : address;
            if (address.isEmpty() || address.startsWith("(")) {
                return null;
            }
            address = cut(address, "/?");
            // host:port:sid names the SID after a second colon
            int first = address.startsWith("[") ? address.indexOf(']') + 1 : address.indexOf(':');
            int second = first < 0 ? -1 : address.indexOf(':', first + 1);
            return hostPort(second < 0 ? address : address.substring(0, second), 1521);
        }
        return null;
    }

    /** The host and port of an Artemis {@code tcp://host:port?...} URL (default 61616); null for others. */
    public static Endpoint ofBrokerUrl(String url) {
        if (!url.startsWith("tcp://")) {
            return null;
        }
        return hostPort(cut(url.substring("tcp://".length()), "/?,"), 61616);
    }

    /**
     * Connects to {@code server} and closes again.
     *
     * @throws IOException one line naming {@code option}, the host and port, and "timed out after",
     *     "refused", "unknown host" or the system's reason
     */
    public static void check(String option, Endpoint server, Duration timeout) throws IOException {
        InetSocketAddress address = new InetSocketAddress(server.host(), server.port());
        String what = option + ": the server at " + server;
        if (address.isUnresolved()) {
            throw new IOException(what + ": unknown host '" + TerminalText.escape(server.host()) + "'");
        }
        try (Socket socket = new Socket()) {
            socket.connect(address, (int) timeout.toMillis());
        } catch (SocketTimeoutException e) {
            throw new IOException(what + ": timed out after " + timeout.toMillis()
                    + " ms connecting (no answer at all: the wrong address, or a firewall dropping packets)");
        } catch (NoRouteToHostException e) {
            throw new IOException(what + ": no route to the host");
        } catch (ConnectException e) {
            throw new IOException(what + ": refused (nothing listens on that port there)");
        } catch (IOException e) {
            throw new IOException(what + ": " + TerminalText.escape(IoReasons.describe(e)), e);
        }
    }

    private static String cut(String text, String stops) {
        for (int i = 0; i < text.length(); i++) {
            if (stops.indexOf(text.charAt(i)) >= 0) {
                return text.substring(0, i);
            }
        }
        return text;
    }

    private static Endpoint hostPort(String text, int defaultPort) {
        String host = text;
        String port = null;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            host = close < 0 ? text.substring(1) : text.substring(1, close);
            if (close >= 0 && text.startsWith(":", close + 1)) {
                port = text.substring(close + 2);
            }
        } else if (text.indexOf(':') >= 0) {
            host = text.substring(0, text.indexOf(':'));
            port = text.substring(text.indexOf(':') + 1);
        }
        if (host.isEmpty()) {
            host = "localhost";
        }
        int p;
        try {
            p = port == null || port.isEmpty() ? defaultPort : Integer.parseInt(port);
        } catch (NumberFormatException e) {
            return null; // the driver names what it cannot read
        }
        return p >= 1 && p <= 65_535 ? new Endpoint(host, p) : null;
    }
}
