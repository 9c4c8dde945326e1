package mechsym.tools.analyser;

/**
 * Where the headers sit in a packet's 1 KiB buffer: a real IPv4 header (RFC 791, no options) followed
 * by a TCP (RFC 793) or UDP (RFC 768) header, all big-endian (network order).
 *
 * <pre>
 *  0      4      8     12     16     20                     40
 *  +------+------+------+------+------+----------------------+------------- ... 1024
 *  | IPv4: ver/IHL, TOS, total length, id, flags/fragment,   | TCP: ports, seq, ack, offset,
 *  | TTL, protocol, checksum, source addr (12), dest (16)    | flags, window, checksum, urgent
 *  +---------------------------------------------------------+  or UDP: ports, length, checksum
 * </pre>
 */
public final class PacketLayout {
    public static final int BUFFER_SIZE = 1024;

    public static final int VERSION_IHL = 0; // byte: 0x45 = IPv4, 5 words
    public static final int TOTAL_LENGTH = 2; // u16
    public static final int IDENTIFICATION = 4; // u16
    public static final int TTL = 8; // byte
    public static final int PROTOCOL = 9; // byte
    public static final int HEADER_CHECKSUM = 10; // u16
    public static final int SOURCE_ADDRESS = 12; // u32
    public static final int DESTINATION_ADDRESS = 16; // u32
    public static final int IPV4_HEADER_SIZE = 20;

    // offsets within the transport header, which starts at IHL * 4
    public static final int SOURCE_PORT = 0; // u16, TCP and UDP
    public static final int DESTINATION_PORT = 2; // u16, TCP and UDP
    public static final int TCP_SEQUENCE = 4; // u32
    public static final int TCP_DATA_OFFSET = 12; // byte: 0x50 = 5 words
    public static final int TCP_WINDOW = 14; // u16
    public static final int UDP_LENGTH = 4; // u16

    public static final int PROTOCOL_TCP = 6;
    public static final int PROTOCOL_UDP = 17;

    private PacketLayout() {}

    /** The term the source adds to its checksum and the processor to its own, for the same fields. */
    static long checksumTerm(
            int source, int destination, int protocol, int totalLength, int sourcePort, int destinationPort) {
        return (source & 0xFFFFFFFFL) * 31
                + (destination & 0xFFFFFFFFL)
                + protocol * 7L
                + totalLength
                + ((long) sourcePort << 16)
                + destinationPort;
    }
}
