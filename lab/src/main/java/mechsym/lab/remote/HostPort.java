package mechsym.lab.remote;

import java.net.InetSocketAddress;

/**
 * A server's host and port as the user gave them ({@code HOST[:PORT]}, IPv6 in brackets), not yet
 * resolved. Immutable.
 *
 * @param host a name or address, without brackets
 * @param port 1..65535
 */
public record HostPort(String host, int port) {

    /**
     * Parses {@code text} given to {@code option}; the port is {@code defaultPort} when none is given.
     *
     * @throws IllegalArgumentException one line naming the option and what is wrong
     */
    public static HostPort parse(String option, String text, int defaultPort) {
        String host = text;
        String port = null;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw bad(option, text, "an IPv6 address needs its closing ]");
            }
            host = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw bad(option, text, "expected :PORT after the ]");
                }
                port = rest.substring(1);
            }
        } else if (text.indexOf(':') >= 0) {
            if (text.indexOf(':') != text.lastIndexOf(':')) {
                throw bad(option, text, "write an IPv6 address in brackets, e.g. [::1]:9000");
            }
            host = text.substring(0, text.indexOf(':'));
            port = text.substring(text.indexOf(':') + 1);
        }
        if (host.isEmpty() || !host.matches("[A-Za-z0-9.:%_-]+")) {
            throw bad(option, text, "expected a host name or address");
        }
        return new HostPort(host, port == null ? defaultPort : parsePort(option, text, port));
    }

    private static int parsePort(String option, String text, String port) {
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw bad(option, text, "the port '" + port + "' is not a number");
        }
        if (p < 1 || p > 65_535) {
            throw bad(option, text, "the port " + p + " is not in 1..65535");
        }
        return p;
    }

    private static IllegalArgumentException bad(String option, String text, String why) {
        return new IllegalArgumentException(option + " '" + text + "': " + why);
    }

    /** The unresolved socket address (resolved when connecting). */
    public InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
