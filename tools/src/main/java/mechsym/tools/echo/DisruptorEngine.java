package mechsym.tools.echo;

import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * {@link RingEngine}'s pipeline on the LMAX Disruptor 4, the library the seed post used (two
 * single-producer Disruptors, the same event class, sizes and drop-when-full rule).
 */
final class DisruptorEngine implements Engine {
    private final WaitKind wait;
    private Disruptor<DatagramEvent> in;
    private Disruptor<DatagramEvent> out;

    DisruptorEngine(WaitKind wait) {
        this.wait = wait;
    }

    @Override
    public void start(DatagramChannel channel, EchoStats stats, EchoServer.Threads threads) {
        out = new Disruptor<>(
                () -> new DatagramEvent(UpperCase.maxOutput(EchoServer.MAX_DATAGRAM)),
                EchoServer.RING_SIZE,
                r -> threads.newThread("echo-send", r),
                ProducerType.SINGLE,
                wait.disruptor());
        ByteBuffer sendBuffer = ByteBuffer.allocateDirect(UpperCase.maxOutput(EchoServer.MAX_DATAGRAM));
        out.handleEventsWith((EventHandler<DatagramEvent>)
                (event, sequence, endOfBatch) -> Engine.send(channel, sendBuffer, event, stats));
        RingBuffer<DatagramEvent> outRing = out.start();

        in = new Disruptor<>(
                () -> new DatagramEvent(EchoServer.MAX_DATAGRAM),
                EchoServer.RING_SIZE,
                r -> threads.newThread("echo-business", r),
                ProducerType.SINGLE,
                wait.disruptor());
        in.handleEventsWith((EventHandler<DatagramEvent>) (event, sequence, endOfBatch) -> {
            long slot;
            try {
                slot = outRing.tryNext();
            } catch (InsufficientCapacityException e) {
                stats.dropped.increment();
                return;
            }
            try {
                Engine.upperCase(event, outRing.get(slot), stats);
            } finally {
                outRing.publish(slot);
            }
        });
        RingBuffer<DatagramEvent> inRing = in.start();
        threads.start(
                "echo-receive",
                () -> Engine.receiveLoop(channel, stats, (datagram, from) -> receive(datagram, from, inRing, stats)));
    }

    /** Into the ring, or dropped when it is full: UDP has no back pressure. */
    private static void receive(
            ByteBuffer datagram, SocketAddress from, RingBuffer<DatagramEvent> ring, EchoStats stats) {
        long sequence;
        try {
            sequence = ring.tryNext();
        } catch (InsufficientCapacityException e) {
            stats.dropped.increment();
            return;
        }
        ring.get(sequence).fill(datagram, from);
        ring.publish(sequence);
    }

    @Override
    public void stop() {
        if (in != null) {
            in.halt();
        }
        if (out != null) {
            out.halt();
        }
    }
}
