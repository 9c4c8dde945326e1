package mechsym.tools.echo;

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
        threads.start(
                "echo-receive",
                () -> Engine.receiveLoop(channel, stats, (datagram, from) -> receive(datagram, from, in, stats)));
    }

    /** Into the ring, or dropped when it is full: UDP has no back pressure. */
    private static void receive(
            ByteBuffer datagram, SocketAddress from, RingBuffer<DatagramEvent> in, EchoStats stats) {
        long sequence = in.tryNext();
        if (sequence < 0) {
            stats.dropped.increment();
            return;
        }
        in.get(sequence).fill(datagram, from);
        in.publish(sequence);
    }

    @Override
    public void stop() {
        if (business != null) {
            business.halt();
            sender.halt();
        }
    }
}
