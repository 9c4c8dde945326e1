package mechsym.tools.echo;

import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * One slot of a ring: a datagram's bytes, length and sender, pre-allocated and overwritten in place.
 * Owned by the thread that claimed its sequence until publish, then by the consumer (the ring's
 * happens-before edge); never shared otherwise.
 */
final class DatagramEvent {
    final byte[] data;
    int length;
    /** Where to send the answer; null means "nothing to send" (an invalid datagram). */
    SocketAddress address;

    DatagramEvent(int capacity) {
        data = new byte[capacity];
    }

    /** Copies the received {@code datagram} (position to limit) and its sender into this event. */
    void fill(ByteBuffer datagram, SocketAddress from) {
        length = datagram.remaining();
        datagram.get(data, 0, length);
        address = from;
    }
}
