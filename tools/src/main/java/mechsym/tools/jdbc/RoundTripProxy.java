package mechsym.tools.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import mechsym.tools.platform.RunningServer;
import mechsym.tools.platform.ServerThreads;

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
 * two threads of its own. {@link #close()} closes the listening socket and every connection, then
 * joins the accepting and pumping threads ({@link RunningServer}); a connection is forgotten once
 * either side closes it.
 */
public final class RoundTripProxy implements RunningServer {
    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final boolean postgresFraming;
    private final AtomicLong roundTrips = new AtomicLong();
    private final AtomicLong executes = new AtomicLong();
    private final AtomicLong bytesToServer = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final ServerThreads threads = new ServerThreads("round-trip proxy");
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

    /**
     * Starts a proxy on a free port of 127.0.0.1 forwarding to {@code host:port}, once a connection to
     * it succeeds.
     *
     * @throws IOException naming {@code host:port} and why it cannot be reached, e.g. "connection refused"
     */
    public static RoundTripProxy start(String host, int port, boolean postgresFraming) throws IOException {
        connect(host, port).close(); // a database that is not there is named now, not hidden behind the driver
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        RoundTripProxy proxy = new RoundTripProxy(listener, host, port, postgresFraming);
        proxy.threads.start("round-trip-proxy-accept", proxy::acceptLoop);
        return proxy;
    }

    /** A connection to {@code host:port}, or an IOException naming it and the reason in words. */
    private static Socket connect(String host, int port) throws IOException {
        try {
            return new Socket(host, port);
        } catch (ConnectException e) {
            throw new IOException(host + ":" + port + ": connection refused (is the database running there?)", e);
        } catch (UnknownHostException e) {
            throw new IOException(host + ":" + port + ": unknown host", e);
        } catch (IOException e) {
            throw new IOException(host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** The port clients connect to instead of the database's. */
    public int port() {
        return listener.getLocalPort();
    }

    /** How many sockets, of both sides, the proxy holds open now. */
    public int openSockets() {
        return sockets.size();
    }

    public Counts counts() {
        return new Counts(roundTrips.get(), executes.get(), bytesToServer.get(), bytesToClient.get());
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("round-trip proxy: accept failed: " + e.getMessage());
                }
                return;
            }
            Socket server = null;
            try {
                server = connect(targetHost, targetPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                pumpBothWays(client, server);
            } catch (IOException | RuntimeException e) {
                // the driver sees its connection closed; the reason, with the address, is said here
                System.err.println("round-trip proxy: " + e.getMessage());
                closeQuietly(client);
                if (server != null) {
                    closeQuietly(server);
                }
            }
        }
    }

    private void pumpBothWays(Socket client, Socket server) {
        sockets.add(client);
        sockets.add(server);
        if (closed) { // close() ran between accept and here: it did not see these two
            forget(client);
            forget(server);
            return;
        }
        AtomicBoolean serverSpokeLast = new AtomicBoolean(true);
        PostgresFrontendCounter frontend = postgresFraming ? new PostgresFrontendCounter() : null;
        threads.start("round-trip-proxy-up", () -> pump(client, server, true, serverSpokeLast, frontend));
        threads.start("round-trip-proxy-down", () -> pump(server, client, false, serverSpokeLast, null));
    }

    /** Closes {@code socket} and drops it from the list {@link #close()} closes. */
    private void forget(Socket socket) {
        closeQuietly(socket);
        sockets.remove(socket);
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
            forget(to);
            forget(from);
        }
    }

    @Override
    public String address() {
        return "127.0.0.1:" + port() + " -> " + targetHost + ":" + targetPort;
    }

    @Override
    public String summary() {
        Counts c = counts();
        return "round-trip proxy " + address() + " stopped: " + c.roundTrips() + " round trips, " + c.executes()
                + " executes, " + c.bytesToServer() + " bytes to the server, " + c.bytesToClient() + " to the client";
    }

    /**
     * Closes the listening socket and every connection, then joins the proxy's threads.
     *
     * @throws RunningServer.ThreadsDidNotStop naming threads that outlived {@link #STOP_DEADLINE}
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeQuietly(listener);
        sockets.forEach(RoundTripProxy::closeQuietly);
        threads.joinAll();
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
