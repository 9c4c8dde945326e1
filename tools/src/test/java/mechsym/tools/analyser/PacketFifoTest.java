package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PacketFifoTest {

    @Test
    void packetsAndOffsetsComeOutInArrivalOrderAcrossTheWrap() {
        PacketFifo fifo = new PacketFifo(3);
        Packet[] packets = {new HeapPacket(), new HeapPacket(), new HeapPacket(), new HeapPacket()};
        fifo.addLast(packets[0], 0);
        fifo.addLast(packets[1], 1024);
        assertThat(fifo.firstSlabOffset()).isZero();
        assertThat(fifo.pollFirst()).isSameAs(packets[0]);
        fifo.addLast(packets[2], 2048);
        fifo.addLast(packets[3], 3072); // wraps to the first place
        assertThat(fifo.size()).isEqualTo(3);
        for (int i = 1; i < 4; i++) {
            assertThat(fifo.firstSlabOffset()).isEqualTo(i * 1024L);
            assertThat(fifo.pollFirst()).isSameAs(packets[i]);
        }
        assertThat(fifo.pollFirst()).isNull();
        assertThat(fifo.size()).isZero();
    }

    @Test
    void aFullFifoRefusesAPacketAndABadCapacityIsRefused() {
        PacketFifo fifo = new PacketFifo(1);
        fifo.addLast(new HeapPacket(), -1);
        assertThatThrownBy(() -> fifo.addLast(new HeapPacket(), -1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("1 places are all taken");
        assertThatThrownBy(() -> new PacketFifo(0)).hasMessageContaining("capacity must be >= 1, was 0");
    }
}
