package mechsym.tools.echo;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.atomic.AtomicInteger;
import mechsym.tools.platform.RunningServer;
import mechsym.tools.platform.ServerThreads;

/**
 * The UDP echo service of the seed post "Disruptor example - UDP echo service, with capitalisation":
 * answers each datagram with its UTF-8 text upper-cased, to the sender's address (docs/echo.md), over
 * one of three {@link Pipeline}s.
 *
 * <p>Datagrams the service does not answer, each counted in {@link #stats()}: longer than {@link
 * #MAX_DATAGRAM} bytes (oversized), not valid UTF-8 (invalid), arriving while a ring or the pool's
 * queue is full (dropped). An empty datagram is answered with an empty one. A failed receive or send
 * is counted and the server goes on.
 *
 * <p>{@link #start} returns once bound and running; {@link #close} stops and joins every thread
 * (any thread, idempotent). {@link #stats()} and {@link #cpuNanos()} may be read from any thread.
 */
public final class EchoServer implements RunningServer {
    /** Bytes of one ring slot, the seed post's 1024: the largest datagram answered. */
    public static final int MAX_DATAGRAM = 1024;

    /** Slots per ring, the seed post's 1024 (also the thread pool's queue length). */
    public static final int RING_SIZE = 1024;

    private final DatagramChannel channel;
    private final Engine engine;
    private final EchoStats stats = new EchoStats();
    private final Threads threads = new Threads();
    private final Pipeline pipeline;
    private final WaitKind wait;
    private final String address;
    private boolean closed;

    private EchoServer(DatagramChannel channel, Pipeline pipeline, WaitKind wait, String address) {
        this.channel = channel;
        this.address = address;
        this.pipeline = pipeline;
        this.wait = wait;
        this.engine = switch (pipeline) {
            case RING -> new RingEngine(wait);
            case DISRUPTOR -> new DisruptorEngine(wait);
            case THREADS -> new ThreadsEngine();
        };
    }

    /**
     * Binds and starts a server.
     *
     * @param bindAddress the address to listen on, or null for every interface
     * @param port the UDP port, 0 for an ephemeral one ({@link #port()} tells which)
     * @param wait how the ring pipelines' consumers wait (ignored by {@link Pipeline#THREADS})
     * @throws IOException one line naming the port when it is in use or the address unknown
     */
    public static EchoServer start(String bindAddress, int port, Pipeline pipeline, WaitKind wait) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        String bound;
        try {
            InetSocketAddress address =
                    bindAddress == null ? new InetSocketAddress(port) : new InetSocketAddress(bindAddress, port);
            if (address.isUnresolved()) {
                throw new IOException("unknown address to listen on: " + bindAddress);
            }
            channel.bind(address);
            channel.configureBlocking(true);
            bound = (bindAddress == null ? "localhost" : bindAddress) + ":"
                    + ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (BindException e) {
            channel.close();
            throw new IOException("cannot listen on UDP port " + port + ": "
                    + (e.getMessage() != null && e.getMessage().contains("in use")
                            ? "the port is in use"
                            : e.getMessage()));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        EchoServer server = new EchoServer(channel, pipeline, wait, bound);
        try {
            server.engine.start(channel, server.stats, server.threads);
        } catch (RuntimeException | Error e) {
            server.close(); // a thread that could not start: the channel and the started threads go too
            throw e;
        }
        return server;
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public String summary() {
        return "echo server (" + pipeline.id() + (pipeline == Pipeline.THREADS ? "" : ", " + wait.id() + " wait")
                + ") on " + address + " stopped: " + stats.toLine();
    }

    public int port() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1; // closed
        }
    }

    public Pipeline pipeline() {
        return pipeline;
    }

    public WaitKind waitKind() {
        return wait;
    }

    public EchoStats stats() {
        return stats;
    }

    /**
     * CPU time the server's own threads have used so far, in nanoseconds (ThreadMXBean; threads that
     * have ended no longer count), or -1 where the JVM cannot measure thread CPU time.
     */
    public long cpuNanos() {
        return threads.cpuNanos();
    }

    /**
     * Closes the channel, stops the pipeline and joins its threads within {@link #STOP_DEADLINE}.
     *
     * @throws ThreadsDidNotStop naming the threads that outlived the deadline
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close(); // ends the receiving thread's blocking receive
        } catch (IOException e) {
            // closing anyway
        }
        engine.stop();
        threads.joinAll();
    }

    /** Makes and remembers the server's threads (daemons), for CPU accounting and a joined stop. */
    static final class Threads {
        private final ServerThreads all = new ServerThreads("echo server");
        private final AtomicInteger made = new AtomicInteger();

        /** A thread not yet started (for a pool's or the Disruptor's thread factory), joined on close. */
        Thread newThread(String name, Runnable body) {
            return all.adopt(Thread.ofPlatform()
                    .daemon()
                    .name(name + "-" + made.getAndIncrement())
                    .unstarted(body));
        }

        void start(String name, Runnable body) {
            all.start(name + "-" + made.getAndIncrement(), body);
        }

        long cpuNanos() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            if (!mx.isThreadCpuTimeSupported()) {
                return -1;
            }
            long sum = 0;
            for (Thread t : all.threads()) {
                long cpu = mx.getThreadCpuTime(t.threadId());
                sum += Math.max(0, cpu);
            }
            return sum;
        }

        void joinAll() {
            all.joinAll();
        }
    }
}
