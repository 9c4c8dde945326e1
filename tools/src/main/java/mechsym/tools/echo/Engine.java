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

    /** The business step: upper-cases {@code in} into {@code out}, or counts it invalid and marks it not to send. */
    static void upperCase(DatagramEvent in, DatagramEvent out, EchoStats stats) {
        int length = UpperCase.apply(in.data, in.length, out.data);
        if (length == UpperCase.INVALID) {
            stats.invalid.increment();
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
