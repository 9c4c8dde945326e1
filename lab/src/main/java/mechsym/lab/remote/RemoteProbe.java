package mechsym.lab.remote;

import java.io.IOException;
import java.net.ConnectException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import mechsym.tools.platform.TerminalText;

/**
 * Checks, before a row measures it, that a remote server is there and speaks its protocol: the ping
 * server echoes 32 bytes unchanged, the echo server answers a datagram with it upper-cased, the
 * gateway answers {@code GET /stats} with its JSON. Each failure is a {@link RemoteUnreachable} of
 * one line: unknown host, refused, no answer in time, or another protocol. Each check has one deadline
 * for its whole exchange and reads a bounded number of bytes ({@link PeerHttp}); what the peer said is
 * quoted escaped. Stateless.
 */
public final class RemoteProbe {
    private static final byte[] PROBE = "mechsym probe: are you a server?".getBytes(StandardCharsets.US_ASCII);

    private RemoteProbe() {}

    /** Checks every server {@code servers} names, ping first. */
    public static void checkAll(RemoteServers servers, Duration timeout) throws RemoteUnreachable {
        if (servers.ping() != null) {
            ping(servers.ping(), timeout);
        }
        if (servers.echo() != null) {
            echo(servers.echo(), timeout);
        }
        if (servers.gateway() != null) {
            gateway(servers.gateway(), timeout);
        }
    }

    /** A {@code mechsym ping server} (any TCP transport) or the C one: 32 bytes come back unchanged. */
    public static void ping(HostPort server, Duration timeout) throws RemoteUnreachable {
        String what = "the ping server at " + server;
        InetSocketAddress address = resolved(what, server);
        try (Socket socket = new Socket()) {
            socket.connect(address, (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.getOutputStream().write(PROBE);
            byte[] back = readWithin(socket, PROBE.length, System.nanoTime() + timeout.toNanos());
            if (!Arrays.equals(back, PROBE)) {
                throw new RemoteUnreachable(what + " answered " + back.length
                        + " byte(s) that are not the 32 it was sent: not a mechsym ping server (TCP)");
            }
        } catch (RemoteUnreachable e) {
            throw e;
        } catch (IOException e) {
            throw failure(what, timeout, e);
        }
    }

    /** A {@code mechsym echo server}: a datagram comes back upper-cased. */
    public static void echo(HostPort server, Duration timeout) throws RemoteUnreachable {
        String what = "the echo server at " + server + " (UDP)";
        InetSocketAddress address = resolved(what, server);
        byte[] expected = new String(PROBE, StandardCharsets.US_ASCII)
                .toUpperCase(Locale.ROOT)
                .getBytes(StandardCharsets.US_ASCII);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.connect(address);
            socket.setSoTimeout((int) timeout.toMillis());
            socket.send(new DatagramPacket(PROBE, PROBE.length));
            DatagramPacket answer = new DatagramPacket(new byte[2048], 2048);
            socket.receive(answer);
            byte[] back = Arrays.copyOf(answer.getData(), answer.getLength());
            if (!Arrays.equals(back, expected)) {
                throw new RemoteUnreachable(
                        what + " answered something other than the datagram upper-cased: not a mechsym echo server");
            }
        } catch (RemoteUnreachable e) {
            throw e;
        } catch (IOException e) {
            throw failure(what, timeout, e);
        }
    }

    /** A {@code mechsym gateway serve}: {@code GET /stats} answers 200 with its queue figures. */
    public static void gateway(URI base, Duration timeout) throws RemoteUnreachable {
        String what = "the gateway at " + base;
        PeerHttp.Answer response;
        try {
            response = PeerHttp.get(base.resolve("/stats"), timeout, PeerHttp.MAX_BODY_BYTES);
        } catch (IOException e) {
            throw failure(what, timeout, e);
        }
        if (response.status() != 200 || !response.body().contains("\"queueDepth\"")) {
            throw new RemoteUnreachable(what + " answered GET /stats with " + response.status()
                    + " and no queue figures: not a mechsym gateway");
        }
    }

    /**
     * Up to {@code length} bytes from {@code socket}, all before {@code deadlineNanos}: a peer that
     * drips a byte at a time cannot stretch the wait past it.
     */
    private static byte[] readWithin(Socket socket, int length, long deadlineNanos) throws IOException {
        byte[] back = new byte[length];
        int read = 0;
        while (read < length) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("no whole answer in time");
            }
            socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            int n = socket.getInputStream().read(back, read, length - read);
            if (n < 0) {
                break;
            }
            read += n;
        }
        return Arrays.copyOf(back, read);
    }

    private static InetSocketAddress resolved(String what, HostPort server) throws RemoteUnreachable {
        InetSocketAddress address = server.address();
        if (address.isUnresolved()) {
            throw new RemoteUnreachable(what + ": unknown host '" + server.host() + "'");
        }
        return address;
    }

    private static RemoteUnreachable failure(String what, Duration timeout, IOException e) {
        String why;
        if (e instanceof ConnectException || e instanceof PortUnreachableException) {
            why = "refused (is the server started there, on that port and address?)";
        } else if (e instanceof SocketTimeoutException
                || e instanceof HttpTimeoutException
                || e instanceof HttpConnectTimeoutException) {
            why = "no answer in " + timeout.toMillis() + " ms (a firewall, the wrong address, or not that server)";
        } else if (e instanceof UnknownHostException) {
            why = "unknown host";
        } else {
            // the peer's own words (a status line, a protocol error) quoted: escaped and cut short
            why = e.getMessage() == null ? e.getClass().getSimpleName() : TerminalText.quote(e.getMessage(), 200);
        }
        return new RemoteUnreachable(what + ": " + why);
    }
}
