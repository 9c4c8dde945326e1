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
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import mechsym.tools.platform.CpuAffinity;
import mechsym.tools.platform.RunningServer;
import mechsym.tools.platform.ServerThreads;

/**
 * The ping server: echoes every byte it receives back to its sender (docs/ping.md). TCP transports
 * accept any number of clients, each served by a thread of its own that waits the transport's way
 * (spin, selectNow, select, blocking); a client that leaves, mid-message or not, ends only its own
 * thread. UDP answers each datagram with itself; ipc echoes requests published in a memory-mapped
 * file.
 *
 * <p>A TCP client that sends but does not read what comes back stalls its own echo: when none of
 * the echo leaves for {@link #STALL_TIMEOUT}, the client is dropped and counted ({@link
 * #slowClientsDropped()}); the {@code select} transport waits for the socket to take more in {@code
 * select}, not spinning; a {@code blocking} thread sleeps in its write, and a watcher thread (one per
 * server, waking every 100 ms at most) closes the client whose write has not moved for longer than the stall
 * timeout. What is buffered per client is one read of 64 KiB.
 *
 * <p>{@link #start} returns once the server is bound and serving; {@link #close} stops and joins
 * every thread and closes every channel (any thread, idempotent). Counters may be read from any
 * thread.
 */
public final class PingServer implements RunningServer {
    /** How often a waiting ipc server checks its file's size: a truncation is named within this. */
    private static final long IPC_FILE_CHECK_NANOS = 100_000_000L;

    /** The largest message a server echoes in one piece (UDP datagrams, ipc slots); TCP has no limit. */
    public static final int MAX_MESSAGE = 65_507;

    /** How long a TCP client may leave its echo unread before it is dropped. */
    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(10);

    private static final int BUFFER = 64 * 1024;

    private final Transport transport;
    private final Integer cpu;
    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong clients = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong slowClientsDropped = new AtomicLong();
    /**
     * Blocking transport: each client's write count, odd while a write is under way (written by its
     * serving thread only; read by the stall watcher, which times an odd count that does not move).
     */
    private final Map<SocketChannel, AtomicLong> blockingWrites = new ConcurrentHashMap<>();

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private final ServerThreads threads = new ServerThreads("ping server");
    private final long stallNanos;
    private volatile boolean running = true;
    private String bindAddress;
    private int port;
    private Path ipcPath;
    private IpcFile ipc;
    private volatile String ipcFailure;
    private final java.util.concurrent.CompletableFuture<String> failed =
            new java.util.concurrent.CompletableFuture<>();

    private PingServer(Transport transport, Integer cpu, Duration stallTimeout) {
        this.transport = transport;
        this.cpu = cpu;
        this.stallNanos = stallTimeout.toNanos();
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
        return start(bindAddress, port, transport, cpu, ipcPath, STALL_TIMEOUT);
    }

    /** As {@link #start(String, int, Transport, Integer, Path)}, dropping stalled clients after {@code stallTimeout}. */
    static PingServer start(
            String bindAddress, int port, Transport transport, Integer cpu, Path ipcPath, Duration stallTimeout)
            throws IOException {
        PingOptions.checkCpu(cpu);
        PingServer server = new PingServer(transport, cpu, stallTimeout);
        server.bindAddress = bindAddress;
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

    /** TCP clients dropped because they left their echo unread for {@link #STALL_TIMEOUT}. */
    public long slowClientsDropped() {
        return slowClientsDropped.get();
    }

    @Override
    public String address() {
        return transport == Transport.IPC
                ? ipcPath.toString()
                : (bindAddress == null ? "localhost" : bindAddress) + ":" + port;
    }

    @Override
    public String summary() {
        return String.format(
                Locale.ROOT,
                "ping server (%s) on %s stopped: %s%d messages echoed%s%s",
                transport.id(),
                address(),
                transport.isTcp() ? clients() + " clients, " : "",
                messages(),
                transport.isTcp() ? ", " + slowClientsDropped() + " slow clients dropped" : "",
                ipcFailure != null ? "; " + ipcFailure : "");
    }

    private void startTcp(String bindAddress, int requestedPort) throws IOException {
        ServerSocketChannel acceptor = ServerSocketChannel.open();
        open.add(acceptor);
        acceptor.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        bind(acceptor, bindAddress, requestedPort);
        port = ((InetSocketAddress) acceptor.getLocalAddress()).getPort();
        start("ping-accept-" + port, () -> accept(acceptor), false);
        if (transport == Transport.BLOCKING) {
            start("ping-stall-watch-" + port, this::dropStalledBlockingWriters, false);
        }
    }

    /**
     * Closes each blocking client whose write has waited longer than the stall timeout: its thread
     * sleeps in the write, so only another thread can end it (the close makes the write throw).
     */
    private void dropStalledBlockingWriters() {
        long napNanos = Math.max(1_000_000, Math.min(100_000_000, stallNanos / 4));
        record Seen(long writes, long sinceNanos) {}
        Map<SocketChannel, Seen> seen = new HashMap<>();
        while (running) {
            long now = System.nanoTime();
            seen.keySet().retainAll(blockingWrites.keySet());
            blockingWrites.forEach((client, writes) -> {
                long count = writes.getAcquire();
                Seen last = seen.get(client);
                if ((count & 1) == 0 || last == null || last.writes() != count) {
                    seen.put(client, new Seen(count, now)); // idle, or a write that moved on
                } else if (now - last.sinceNanos() > stallNanos && running) {
                    if (blockingWrites.remove(client) != null) {
                        slowClientsDropped.incrementAndGet();
                    }
                    try {
                        client.close();
                    } catch (IOException e) {
                        // closing anyway
                    }
                }
            });
            LockSupport.parkNanos(napNanos);
        }
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
            start("ping-" + transport.id() + "-" + clients.get(), () -> serve(client), true);
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
            SelectionKey key = selector != null ? client.register(selector, SelectionKey.OP_READ) : null;
            AtomicLong writes = null;
            if (transport == Transport.BLOCKING) {
                writes = new AtomicLong();
                blockingWrites.put(client, writes);
            }
            while (running) {
                int n = read(client, selector, buffer);
                if (n < 0) {
                    return; // the client left
                }
                if (n > 0) {
                    buffer.flip();
                    if (writes != null) {
                        long count = writes.getPlain();
                        writes.setRelease(count + 1); // odd: writing
                        client.write(buffer); // a blocking channel writes all of it, or is closed by the watcher
                        writes.setRelease(count + 2);
                        buffer.clear();
                        messages.incrementAndGet();
                        continue;
                    }
                    if (!writeAll(client, key, buffer)) {
                        if (running) {
                            slowClientsDropped.incrementAndGet();
                        }
                        return;
                    }
                    buffer.clear();
                    messages.incrementAndGet();
                }
            }
        } catch (IOException e) {
            // reset by the client, or closed by close(): this client is done, the server goes on
        } finally {
            open.remove(client);
            blockingWrites.remove(client);
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

    /**
     * Writes all of {@code buffer}; false when the client took none of it for the stall timeout (it
     * sends but does not read) or the server is closing. A non-blocking socket whose send buffer is
     * full is waited for in {@code select} when the transport has a selector that sleeps ({@code
     * key}), else by spinning.
     */
    private boolean writeAll(SocketChannel client, SelectionKey key, ByteBuffer buffer) throws IOException {
        long stalledSince = 0;
        boolean stalled = false;
        while (buffer.hasRemaining()) {
            if (client.write(buffer) > 0) {
                stalled = false;
                continue;
            }
            long now = System.nanoTime();
            if (!stalled) {
                stalled = true;
                stalledSince = now;
            } else if (now - stalledSince > stallNanos || !running) {
                return false;
            }
            if (key != null && transport == Transport.SELECT) {
                key.interestOps(SelectionKey.OP_WRITE);
                key.selector().select(Math.max(1, Math.min(100, (stallNanos - (now - stalledSince)) / 1_000_000)));
                key.selector().selectedKeys().clear();
                key.interestOps(SelectionKey.OP_READ);
            } else {
                Thread.onSpinWait();
            }
        }
        return true;
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
        start("ping-udp-" + port, () -> serveUdp(channel), true);
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
        ipc = IpcFile.create(ipcPath, MAX_MESSAGE);
        start("ping-ipc-" + port, this::serveIpc, true);
    }

    private void serveIpc() {
        long last = 0; // the file was just created: a request published before this thread ran is still seen
        long nextCheck = System.nanoTime() + IPC_FILE_CHECK_NANOS;
        int spins = 0;
        try {
            while (running) {
                long sequence = ipc.requestSequence();
                if (sequence != last) {
                    ipc.echo(sequence);
                    last = sequence;
                    messages.incrementAndGet();
                } else {
                    Thread.onSpinWait();
                    // a file truncated above the words read here faults nothing: look at its size now and then
                    if ((++spins & 0x3ff) == 0 && System.nanoTime() - nextCheck >= 0) {
                        ipc.checkServing();
                        nextCheck = System.nanoTime() + IPC_FILE_CHECK_NANOS;
                    }
                }
            }
        } catch (IOException e) {
            failIpc(e.getMessage()); // the file changed under the server: it stops serving, the JVM lives on
        } catch (InternalError e) {
            failIpc(ipc.changedSize(e).getMessage()); // the same fault, thrown by compiled code after the access
        }
    }

    private void failIpc(String why) {
        ipcFailure = why;
        failed.complete(why);
    }

    /**
     * Completes, with why, when the server stopped serving by itself (its ipc file was truncated or
     * removed under it); never completes for a server that is only closed. A command waits on it to exit
     * non-zero naming the file.
     */
    public java.util.concurrent.CompletableFuture<String> failed() {
        return failed;
    }

    private void start(String name, Runnable body, boolean pinned) {
        Runnable run = !pinned || cpu == null
                ? body
                : () -> {
                    CpuAffinity.pinCurrentThread(cpu);
                    body.run();
                };
        threads.start(name, run);
    }

    /**
     * Stops accepting, closes every channel, joins every thread within {@link #STOP_DEADLINE}; for ipc,
     * then marks the file stopped and removes it while it is still this server's.
     *
     * @throws ThreadsDidNotStop naming the threads that outlived the deadline (the rest is released)
     */
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
        try {
            threads.joinAll();
        } finally {
            if (ipc != null) {
                ipc.closeAndRemove();
            }
        }
    }
}
