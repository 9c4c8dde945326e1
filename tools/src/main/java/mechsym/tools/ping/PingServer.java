package mechsym.tools.ping;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import mechsym.tools.latency.CpuAffinity;

/**
 * The ping server: echoes every byte it receives back to its sender (docs/ping.md). TCP transports
 * accept any number of clients, each served by a thread of its own that waits the transport's way
 * (spin, selectNow, select, blocking); a client that leaves, mid-message or not, ends only its own
 * thread. UDP answers each datagram with itself; ipc echoes requests published in a memory-mapped
 * file.
 *
 * <p>{@link #start} returns once the server is bound and serving; {@link #close} stops every thread
 * and closes every channel (any thread, idempotent). Counters may be read from any thread.
 */
public final class PingServer implements AutoCloseable {
    /** The largest message a server echoes in one piece (UDP datagrams, ipc slots); TCP has no limit. */
    public static final int MAX_MESSAGE = 65_507;

    private static final int BUFFER = 64 * 1024;

    private final Transport transport;
    private final Integer cpu;
    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong clients = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean running = true;
    private int port;
    private Path ipcPath;
    private IpcFile ipc;

    private PingServer(Transport transport, Integer cpu) {
        this.transport = transport;
        this.cpu = cpu;
    }

    /**
     * Binds and starts a server.
     *
     * @param bindAddress the address to listen on (null: every interface)
     * @param port the port, 0 for an ephemeral one ({@link #port()} tells which)
     * @param cpu the CPU to pin serving threads to, or null
     * @param ipcPath the ipc transport's file, or null for {@link #defaultIpcPath}
     * @throws IOException with a one-line message when the port is in use or the file cannot be made
     */
    public static PingServer start(String bindAddress, int port, Transport transport, Integer cpu, Path ipcPath)
            throws IOException {
        PingOptions.checkCpu(cpu);
        PingServer server = new PingServer(transport, cpu);
        try {
            switch (transport) {
                case UDP -> server.startUdp(bindAddress, port);
                case IPC -> server.startIpc(port, ipcPath);
                default -> server.startTcp(bindAddress, port);
            }
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The ipc file for {@code port} when none is given: in /dev/shm where it exists. */
    public static Path defaultIpcPath(int port) {
        return IpcFile.defaultPath(port);
    }

    /** The bound port (for ipc, the port number the file is named after). */
    public int port() {
        return port;
    }

    /** The ipc transport's file, else null. */
    public Path ipcPath() {
        return ipcPath;
    }

    public Transport transport() {
        return transport;
    }

    /** TCP clients accepted so far. */
    public long clients() {
        return clients.get();
    }

    /** Reads (TCP), datagrams (UDP) or requests (ipc) echoed so far. */
    public long messages() {
        return messages.get();
    }

    private void startTcp(String bindAddress, int requestedPort) throws IOException {
        ServerSocketChannel acceptor = ServerSocketChannel.open();
        open.add(acceptor);
        acceptor.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        bind(acceptor, bindAddress, requestedPort);
        port = ((InetSocketAddress) acceptor.getLocalAddress()).getPort();
        thread("ping-accept-" + port, () -> accept(acceptor), false).start();
    }

    private void bind(java.nio.channels.NetworkChannel channel, String bindAddress, int requestedPort)
            throws IOException {
        InetSocketAddress address = bindAddress == null
                ? new InetSocketAddress(requestedPort)
                : new InetSocketAddress(bindAddress, requestedPort);
        if (address.isUnresolved()) {
            throw new IOException("unknown address to listen on: " + bindAddress);
        }
        try {
            channel.bind(address);
        } catch (BindException e) {
            throw new IOException("cannot listen on " + describe(bindAddress, requestedPort) + ": "
                    + (e.getMessage() != null && e.getMessage().contains("in use")
                            ? "the port is in use"
                            : e.getMessage()));
        }
    }

    private static String describe(String bindAddress, int port) {
        return (bindAddress == null ? "port " : bindAddress + ":") + port;
    }

    private void accept(ServerSocketChannel acceptor) {
        while (running) {
            SocketChannel client;
            try {
                client = acceptor.accept();
            } catch (IOException e) {
                return; // closed by close(), or the socket failed: no more clients either way
            }
            clients.incrementAndGet();
            open.add(client);
            thread("ping-" + transport.id() + "-" + clients.get(), () -> serve(client), true)
                    .start();
        }
    }

    /** Echoes one TCP client until it leaves; any failure ends this client only. */
    private void serve(SocketChannel client) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
        try (client;
                Selector selector =
                        transport == Transport.SELECT || transport == Transport.SELECTNOW ? Selector.open() : null) {
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            client.configureBlocking(transport == Transport.BLOCKING);
            if (selector != null) {
                client.register(selector, SelectionKey.OP_READ);
            }
            while (running) {
                int n = read(client, selector, buffer);
                if (n < 0) {
                    return; // the client left
                }
                if (n > 0) {
                    buffer.flip();
                    writeFully(client, buffer);
                    buffer.clear();
                    messages.incrementAndGet();
                }
            }
        } catch (IOException e) {
            // reset by the client, or closed by close(): this client is done, the server goes on
        } finally {
            open.remove(client);
        }
    }

    /** One read the transport's way: returns bytes read, 0 when nothing came yet, -1 at end of stream. */
    private int read(SocketChannel client, Selector selector, ByteBuffer buffer) throws IOException {
        switch (transport) {
            case SELECTNOW -> {
                if (selector.selectNow() == 0) {
                    Thread.onSpinWait();
                    return 0;
                }
                selector.selectedKeys().clear();
            }
            case SELECT -> {
                if (selector.select(100) == 0) {
                    return 0; // wakes up now and then to see whether the server is closing
                }
                selector.selectedKeys().clear();
            }
            default -> {}
        }
        return client.read(buffer);
    }

    /** Writes all of {@code buffer}, spinning while a non-blocking socket's send buffer is full. */
    static void writeFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) {
                Thread.onSpinWait();
            }
        }
    }

    private void startUdp(String bindAddress, int requestedPort) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        open.add(channel);
        bind(channel, bindAddress, requestedPort);
        port = ((InetSocketAddress) channel.getLocalAddress()).getPort();
        channel.configureBlocking(false);
        thread("ping-udp-" + port, () -> serveUdp(channel), true).start();
    }

    private void serveUdp(DatagramChannel channel) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(MAX_MESSAGE);
        while (running) {
            try {
                SocketAddress sender = channel.receive(buffer);
                if (sender == null) {
                    Thread.onSpinWait();
                    continue;
                }
                buffer.flip();
                channel.send(buffer, sender); // a full send buffer drops it: UDP's way, the client counts a loss
                buffer.clear();
                messages.incrementAndGet();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                buffer.clear(); // e.g. ICMP port unreachable from a client that left: serve the next
            }
        }
    }

    private void startIpc(int requestedPort, Path path) throws IOException {
        port = requestedPort;
        ipcPath = path != null ? path : IpcFile.defaultPath(requestedPort);
        try {
            ipc = IpcFile.create(ipcPath, MAX_MESSAGE);
        } catch (IOException e) {
            throw new IOException("cannot create the ipc file " + ipcPath + ": " + e.getMessage());
        }
        thread("ping-ipc-" + port, this::serveIpc, true).start();
    }

    private void serveIpc() {
        long last = 0; // the file was just created: a request published before this thread ran is still seen
        int spins = 0;
        while (true) {
            long sequence = ipc.requestSequence();
            if (sequence != last) {
                ipc.echo(sequence);
                last = sequence;
                messages.incrementAndGet();
            } else {
                Thread.onSpinWait();
                if ((++spins & 0xFFFF) == 0 && !running) {
                    ipc.markStopped(); // only this thread touches the mapping: unmap it here, not in close()
                    ipc.close();
                    return;
                }
            }
        }
    }

    private Thread thread(String name, Runnable body, boolean pinned) {
        Runnable run = !pinned || cpu == null
                ? body
                : () -> {
                    CpuAffinity.pinCurrentThread(cpu);
                    body.run();
                };
        Thread t = new Thread(run, name);
        t.setDaemon(true);
        return t;
    }

    /** Blocks the calling thread until the server is closed (for the command line). */
    public void awaitClose() throws InterruptedException {
        synchronized (this) {
            while (running) {
                wait();
            }
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        running = false;
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception e) {
                // closing anyway
            }
        }
        open.clear();
        if (ipc != null) {
            try {
                Thread.sleep(5); // the ipc thread sees running == false within microseconds
                Files.deleteIfExists(ipcPath);
            } catch (IOException | InterruptedException e) {
                // the file is only a rendezvous; a stale one is overwritten by the next server
            }
        }
        synchronized (this) {
            notifyAll();
        }
    }
}
