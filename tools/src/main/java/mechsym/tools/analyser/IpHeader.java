package mechsym.tools.analyser;

/**
 * The parse result of one packet's IPv4 and TCP/UDP headers: allocated per packet by the processor
 * (the post's {@code IPHeader}), kept with the packet while it is stored. Immutable.
 *
 * @param source source address
 * @param destination destination address
 * @param protocol {@link PacketLayout#PROTOCOL_TCP} or {@link PacketLayout#PROTOCOL_UDP}
 * @param totalLength the IPv4 total length field
 * @param sourcePort the TCP/UDP source port
 * @param destinationPort the TCP/UDP destination port
 */
public record IpHeader(
        Ipv4Address source,
        Ipv4Address destination,
        int protocol,
        int totalLength,
        int sourcePort,
        int destinationPort) {

    public boolean isTcp() {
        return protocol == PacketLayout.PROTOCOL_TCP;
    }

    /** What the source summed when it wrote these fields: the correctness guard's term. */
    public long checksumTerm() {
        return PacketLayout.checksumTerm(
                source.address(), destination.address(), protocol, totalLength, sourcePort, destinationPort);
    }
}
