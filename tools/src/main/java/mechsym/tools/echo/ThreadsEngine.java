package mechsym.tools.echo;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The seed post's blocking baseline: one "acceptor" thread receives each datagram into a new array
 * and hands it to a pool of {@link #HANDLERS} handler threads (a bounded queue of {@link
 * EchoServer#RING_SIZE}; full: dropped and counted), each of which upper-cases it and sends the
 * answer itself. Allocates per datagram, as such servers do.
 */
final class ThreadsEngine implements Engine {
    static final int HANDLERS = 3;

    private ThreadPoolExecutor pool;

    @Override
    public void start(DatagramChannel channel, EchoStats stats, EchoServer.Threads threads) {
        pool = new ThreadPoolExecutor(
                HANDLERS,
                HANDLERS,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(EchoServer.RING_SIZE),
                r -> threads.newThread("echo-handler", r));
        pool.prestartAllCoreThreads();
        threads.start(
                "echo-acceptor",
                () -> Engine.receiveLoop(channel, stats, (datagram, from) -> accept(channel, datagram, from, stats)));
    }

    /** A copy to a handler thread, or dropped when the pool's queue is full. */
    private void accept(DatagramChannel channel, ByteBuffer datagram, SocketAddress from, EchoStats stats) {
        DatagramEvent request = new DatagramEvent(datagram.remaining());
        request.fill(datagram, from);
        try {
            pool.execute(() -> handle(channel, request, stats));
        } catch (RejectedExecutionException e) {
            stats.dropped.increment();
        }
    }

    private static void handle(DatagramChannel channel, DatagramEvent request, EchoStats stats) {
        DatagramEvent answer = new DatagramEvent(UpperCase.maxOutput(request.length));
        Engine.upperCase(request, answer, stats);
        if (answer.address != null) {
            try {
                channel.send(ByteBuffer.wrap(answer.data, 0, answer.length), answer.address);
                stats.answered.increment();
            } catch (IOException e) {
                stats.sendFailed.increment();
            }
        }
    }

    @Override
    public void stop() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
