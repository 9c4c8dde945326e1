package mechsym.tools.echo;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/** One pipeline's threads between the channel's receive and its send. */
interface Engine {
    /** Starts the pipeline's threads (made by {@code threads}) on {@code channel}. */
    void start(DatagramChannel channel, EchoStats stats, EchoServer.Threads threads);

    /** Stops its threads (the channel is already closed, which ends the receiving thread). */
    void stop();

    /** What a pipeline does with each datagram received. */
    interface Receiver {
        /** {@code datagram}'s bytes are from its position to its limit, valid until this returns. */
        void accept(ByteBuffer datagram, SocketAddress from);
    }

    /**
     * The receiving thread's loop every pipeline shares: each datagram received and not refused by
     * {@link #receive} goes to {@code receiver}, until the channel is closed.
     */
    static void receiveLoop(DatagramChannel channel, EchoStats stats, Receiver receiver) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(EchoServer.MAX_DATAGRAM + 1);
        while (channel.isOpen()) {
            try {
                SocketAddress from = receive(channel, buffer, stats);
                if (from != null) {
                    receiver.accept(buffer, from);
                }
            } catch (IOException e) {
                if (channel.isOpen()) {
                    stats.receiveFailed.increment(); // one bad receive: counted, the next one goes on
                }
            }
        }
    }

    /**
     * The receive step every pipeline shares: one datagram into {@code buffer} (sized one byte over
     * the limit so that an oversized datagram shows), counted; null for one not to pass on.
     */
    static SocketAddress receive(DatagramChannel channel, ByteBuffer buffer, EchoStats stats) throws IOException {
        buffer.clear();
        SocketAddress sender = channel.receive(buffer);
        stats.received.increment();
        if (buffer.position() > EchoServer.MAX_DATAGRAM) {
            stats.oversized.increment();
            return null;
        }
        if (buffer.position() == 0) {
            stats.empty.increment();
        }
        buffer.flip();
        return sender;
    }

    /**
     * The business step: upper-cases {@code in} into {@code out}, or counts it (invalid, or its answer
     * longer than {@code out} holds: oversized) and marks it not to send.
     */
    static void upperCase(DatagramEvent in, DatagramEvent out, EchoStats stats) {
        int length = UpperCase.apply(in.data, in.length, out.data);
        if (length == UpperCase.INVALID) {
            stats.invalid.increment();
            out.address = null;
        } else if (length == UpperCase.TOO_LONG) {
            stats.oversized.increment(); // an answer longer than the slot: refused, never cut short
            out.address = null;
        } else {
            out.length = length;
            out.address = in.address;
        }
    }

    /** The send step: {@code event}'s bytes to its address, through {@code buffer}. */
    static void send(DatagramChannel channel, ByteBuffer buffer, DatagramEvent event, EchoStats stats) {
        if (event.address == null) {
            return;
        }
        buffer.clear();
        buffer.put(event.data, 0, event.length).flip();
        try {
            channel.send(buffer, event.address);
            stats.answered.increment();
        } catch (IOException e) {
            stats.sendFailed.increment();
        }
    }
}
