package mechsym.tools.load;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import mechsym.tools.OptionCheck;
import mechsym.tools.latency.SendSchedule;

/**
 * What a {@link LoadGenerator} sends, where, and when.
 *
 * @param target an {@code http://} URL
 * @param schedule the arrival rate over time
 * @param maxConnections connections open at most; a request due when every one is busy waits for
 *     one (its latency still counts from its intended start)
 * @param method the HTTP method
 * @param body the request body (empty for none)
 * @param headers extra header lines, {@code Name: value}
 * @param drainTimeout how long to wait for outstanding answers after the schedule ends
 */
public record LoadConfig(
        URI target,
        RateSchedule schedule,
        int maxConnections,
        String method,
        byte[] body,
        List<String> headers,
        Duration drainTimeout) {

    /** The highest rate the generator is asked for: one thread sends and reads everything. */
    public static final double MAX_RATE = 1_000_000;

    public LoadConfig {
        String scheme = target.getScheme();
        if (scheme == null || !scheme.toLowerCase(Locale.ROOT).equals("http")) {
            throw new IllegalArgumentException("--url must be an http:// URL (https is not supported), was " + target);
        }
        if (target.getHost() == null) {
            throw new IllegalArgumentException("--url has no host: " + target);
        }
        OptionCheck.inRange("--connections", maxConnections, 1, 60_000);
        for (SendSchedule.Step step : schedule.steps()) {
            double peak = Math.max(step.fromRate(), step.toRate());
            OptionCheck.require(
                    peak <= MAX_RATE,
                    "a rate of " + OptionCheck.number(peak) + " requests per second is above what mechsym load can"
                            + " send (one thread): at most " + (long) MAX_RATE);
        }
        if (!method.matches("[A-Z]+")) {
            throw new IllegalArgumentException("--method must be an upper-case HTTP method, was " + method);
        }
        for (String header : headers) {
            if (header.indexOf(':') <= 0 || header.indexOf('\r') >= 0 || header.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("--header must be 'Name: value', was '" + header + "'");
            }
        }
        headers = List.copyOf(headers);
    }

    /** A GET of {@code target} by the schedule, with up to {@code connections} connections. */
    public static LoadConfig get(URI target, RateSchedule schedule, int connections) {
        return new LoadConfig(target, schedule, connections, "GET", new byte[0], List.of(), Duration.ofSeconds(5));
    }

    /** The same with another method and body. */
    public LoadConfig withRequest(String method, byte[] body, List<String> headers) {
        return new LoadConfig(target, schedule, maxConnections, method, body, headers, drainTimeout);
    }

    public LoadConfig withDrainTimeout(Duration drainTimeout) {
        return new LoadConfig(target, schedule, maxConnections, method, body, headers, drainTimeout);
    }

    int port() {
        return target.getPort() > 0 ? target.getPort() : 80;
    }

    /** The request's bytes, the same for every request. */
    byte[] requestBytes() {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        if (target.getRawQuery() != null) {
            path += "?" + target.getRawQuery();
        }
        StringBuilder head = new StringBuilder()
                .append(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(target.getHost())
                .append(target.getPort() > 0 ? ":" + target.getPort() : "")
                .append("\r\nUser-Agent: mechsym-load\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        if (body.length > 0 || !method.equals("GET") && !method.equals("HEAD")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = ResponseReader.ascii(head.toString());
        byte[] all = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(body, 0, all, headBytes.length, body.length);
        return all;
    }
}
