package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class SourceBytesTest {

    /**
     * The data source writes its headers in a few wide stores; byte for byte they are the headers
     * written field by field (RFC 791 and 793/768 layouts, network order).
     */
    @Test
    void theWideStoresWriteTheHeadersFieldByField() {
        for (Buffers buffers : Buffers.values()) {
            PacketStrategy strategy = PacketStrategy.create(Strategy.ALLOC, buffers, AnalyserTest.SMALL);
            try (Analyser analyser = new Analyser(new AnalyserCase("t", 1, 16), strategy, 11, Analyser.Parse.FLAT)) {
                int tcp = 0;
                for (int i = 0; i < 5_000; i++) {
                    Packet p = strategy.acquire();
                    analyser.fill(p, p.slabOffset());
                    ByteBuffer expected = fieldByField(p, i);
                    for (int at = 0; at < expected.limit(); at++) {
                        assertThat(p.getByte(at))
                                .as(buffers + " packet " + i + " byte " + at)
                                .isEqualTo(expected.get(at) & 0xFF);
                    }
                    tcp += p.getByte(PacketLayout.PROTOCOL) == PacketLayout.PROTOCOL_TCP ? 1 : 0;
                    strategy.release(p);
                }
                assertThat(tcp).isBetween(200, 450); // 1 in 16 of 5,000 is about 310
            }
        }
    }

    /** The headers the source must have written, rebuilt one field at a time from what it chose. */
    private static ByteBuffer fieldByField(Packet p, int index) {
        int source = p.getInt(PacketLayout.SOURCE_ADDRESS);
        int destination = p.getInt(PacketLayout.DESTINATION_ADDRESS);
        int protocol = p.getByte(PacketLayout.PROTOCOL);
        int totalLength = p.getShort(PacketLayout.TOTAL_LENGTH);
        int sourcePort = p.getShort(20 + PacketLayout.SOURCE_PORT);
        int destinationPort = p.getShort(20 + PacketLayout.DESTINATION_PORT);
        boolean isTcp = protocol == PacketLayout.PROTOCOL_TCP;
        ByteBuffer b = ByteBuffer.allocate(isTcp ? 40 : 28);
        b.put(0, (byte) 0x45);
        b.put(1, (byte) 0);
        b.putShort(2, (short) totalLength);
        b.putShort(4, (short) index);
        b.putShort(6, (short) 0x4000);
        b.put(8, (byte) 64);
        b.put(9, (byte) protocol);
        b.putShort(10, (short) 0);
        b.putInt(12, source);
        b.putInt(16, destination);
        b.putShort(20, (short) sourcePort);
        b.putShort(22, (short) destinationPort);
        if (isTcp) {
            b.putInt(24, source); // the sequence number is the random word the source address came from
            b.putInt(28, 0);
            b.put(32, (byte) 0x50);
            b.put(33, (byte) 0x18);
            b.putShort(34, (short) 0xFFFF);
            b.putInt(36, 0);
        } else {
            assertThat(protocol).isEqualTo(PacketLayout.PROTOCOL_UDP);
            b.putShort(24, (short) (totalLength - 20));
            b.putShort(26, (short) 0);
        }
        return b;
    }
}
