package mechsym.tools.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 in front of a database that counts the round trips of the conversations
 * through it, whatever the protocol: a round trip starts each time the client sends after the server
 * has spoken (or first), so a request written in several pieces counts once and so does a reply read in
 * several. With PostgreSQL framing on it also parses the client's side of the wire protocol and counts
 * its Execute messages (one per batch of rows the driver asks for).
 *
 * <pre>
 *   driver --(client bytes: round trip +1 if the server spoke last)--> proxy --> database
 *   driver <--(server bytes: the server spoke last)-------------------- proxy <--
 * </pre>
 *
 * <p>Thread safety: the counters may be read from any thread at any time; each connection is pumped by
 * two threads of its own. {@link #close()} closes the listening socket and every connection.
 */
public final class RoundTripProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final boolean postgresFraming;
    private final AtomicLong roundTrips = new AtomicLong();
    private final AtomicLong executes = new AtomicLong();
    private final AtomicLong bytesToServer = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** The counters at one moment; {@link #minus} gives what happened between two. */
    public record Counts(long roundTrips, long executes, long bytesToServer, long bytesToClient) {
        public Counts minus(Counts earlier) {
            return new Counts(
                    roundTrips - earlier.roundTrips,
                    executes - earlier.executes,
                    bytesToServer - earlier.bytesToServer,
                    bytesToClient - earlier.bytesToClient);
        }
    }

    private RoundTripProxy(ServerSocket listener, String targetHost, int targetPort, boolean postgresFraming) {
        this.listener = listener;
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.postgresFraming = postgresFraming;
    }

    /** Starts a proxy on a free port of 127.0.0.1 forwarding to {@code host:port}. */
    public static RoundTripProxy start(String host, int port, boolean postgresFraming) throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        RoundTripProxy proxy = new RoundTripProxy(listener, host, port, postgresFraming);
        Thread.ofPlatform().daemon().name("round-trip-proxy-accept").start(proxy::acceptLoop);
        return proxy;
    }

    /** The port clients connect to instead of the database's. */
    public int port() {
        return listener.getLocalPort();
    }

    public Counts counts() {
        return new Counts(roundTrips.get(), executes.get(), bytesToServer.get(), bytesToClient.get());
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server;
                try {
                    server = new Socket(targetHost, targetPort);
                } catch (IOException e) {
                    client.close(); // the driver sees the connection refused, as it would without the proxy
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                AtomicBoolean serverSpokeLast = new AtomicBoolean(true);
                PostgresFrontendCounter frontend = postgresFraming ? new PostgresFrontendCounter() : null;
                Thread.ofPlatform()
                        .daemon()
                        .name("round-trip-proxy-up")
                        .start(() -> pump(client, server, true, serverSpokeLast, frontend));
                Thread.ofPlatform()
                        .daemon()
                        .name("round-trip-proxy-down")
                        .start(() -> pump(server, client, false, serverSpokeLast, null));
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("round-trip proxy: accept failed: " + e.getMessage());
                }
                return;
            }
        }
    }

    private void pump(
            Socket from, Socket to, boolean upstream, AtomicBoolean serverSpokeLast, PostgresFrontendCounter frontend) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) > 0; ) {
                if (upstream) {
                    if (serverSpokeLast.getAndSet(false)) {
                        roundTrips.incrementAndGet();
                    }
                    bytesToServer.addAndGet(n);
                    if (frontend != null) {
                        executes.addAndGet(frontend.feed(buffer, 0, n));
                    }
                } else {
                    serverSpokeLast.set(true);
                    bytesToClient.addAndGet(n);
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (SocketException closedMeanwhile) {
            // one side closed: close the other below
        } catch (IOException e) {
            if (!closed) {
                System.err.println("round-trip proxy: " + e.getMessage());
            }
        } finally {
            closeQuietly(to);
            closeQuietly(from);
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        sockets.forEach(RoundTripProxy::closeQuietly);
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
