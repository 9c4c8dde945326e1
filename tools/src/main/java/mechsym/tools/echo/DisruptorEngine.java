package mechsym.tools.echo;

import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.io.IOException;
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
        threads.start("echo-receive", () -> receive(channel, inRing, stats));
    }

    private static void receive(DatagramChannel channel, RingBuffer<DatagramEvent> ring, EchoStats stats) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(EchoServer.MAX_DATAGRAM + 1);
        while (channel.isOpen()) {
            try {
                SocketAddress from = Engine.receive(channel, buffer, stats);
                if (from == null) {
                    continue;
                }
                long sequence;
                try {
                    sequence = ring.tryNext();
                } catch (InsufficientCapacityException e) {
                    stats.dropped.increment();
                    continue;
                }
                DatagramEvent event = ring.get(sequence);
                event.length = buffer.remaining();
                buffer.get(event.data, 0, event.length);
                event.address = from;
                ring.publish(sequence);
            } catch (IOException e) {
                // closed by stop(), or one bad receive: the loop condition decides
            }
        }
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
