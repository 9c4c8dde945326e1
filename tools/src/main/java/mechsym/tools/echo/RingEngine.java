package mechsym.tools.echo;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import mechsym.core.concurrent.BatchEventProcessor;
import mechsym.core.concurrent.RingBuffer;

/**
 * The seed post's pipeline on mechsym's ring buffer:
 *
 * <pre>
 *   receive thread --in ring--> business logic --out ring--> send thread
 *   (channel.receive)           (UpperCase)                  (channel.send)
 * </pre>
 *
 * Both rings hold {@link EchoServer#RING_SIZE} pre-allocated {@link DatagramEvent}s; a full ring
 * drops the datagram ({@code tryNext} fails) and counts it. Nothing is allocated per datagram by
 * this code (the JDK's {@code receive} reuses the sender's address object while the sender repeats).
 */
final class RingEngine implements Engine {
    private final WaitKind wait;
    private BatchEventProcessor<DatagramEvent> business;
    private BatchEventProcessor<DatagramEvent> sender;

    RingEngine(WaitKind wait) {
        this.wait = wait;
    }

    @Override
    public void start(DatagramChannel channel, EchoStats stats, EchoServer.Threads threads) {
        RingBuffer<DatagramEvent> in = RingBuffer.createSingleProducer(
                () -> new DatagramEvent(EchoServer.MAX_DATAGRAM), EchoServer.RING_SIZE, wait.core());
        RingBuffer<DatagramEvent> out = RingBuffer.createSingleProducer(
                () -> new DatagramEvent(UpperCase.maxOutput(EchoServer.MAX_DATAGRAM)),
                EchoServer.RING_SIZE,
                wait.core());
        business = new BatchEventProcessor<>(in, (event, sequence, endOfBatch) -> {
            long slot = out.tryNext();
            if (slot < 0) {
                stats.dropped.increment();
                return;
            }
            try {
                Engine.upperCase(event, out.get(slot), stats);
            } finally {
                out.publish(slot);
            }
        });
        in.addGatingSequences(business.getSequence());
        ByteBuffer sendBuffer = ByteBuffer.allocateDirect(UpperCase.maxOutput(EchoServer.MAX_DATAGRAM));
        sender = new BatchEventProcessor<>(
                out, (event, sequence, endOfBatch) -> Engine.send(channel, sendBuffer, event, stats));
        out.addGatingSequences(sender.getSequence());
        threads.start("echo-send", sender);
        threads.start("echo-business", business);
        threads.start("echo-receive", () -> receive(channel, in, stats));
    }

    private static void receive(DatagramChannel channel, RingBuffer<DatagramEvent> in, EchoStats stats) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(EchoServer.MAX_DATAGRAM + 1);
        while (channel.isOpen()) {
            try {
                SocketAddress from = Engine.receive(channel, buffer, stats);
                if (from == null) {
                    continue;
                }
                long sequence = in.tryNext();
                if (sequence < 0) {
                    stats.dropped.increment(); // UDP has no back pressure: a full ring drops
                    continue;
                }
                DatagramEvent event = in.get(sequence);
                event.length = buffer.remaining();
                buffer.get(event.data, 0, event.length);
                event.address = from;
                in.publish(sequence);
            } catch (IOException e) {
                // closed by stop(), or one bad receive: the loop condition decides
            }
        }
    }

    @Override
    public void stop() {
        if (business != null) {
            business.halt();
            sender.halt();
        }
    }
}
