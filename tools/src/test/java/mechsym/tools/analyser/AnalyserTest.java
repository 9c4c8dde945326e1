package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalyserTest {
    static final PacketStrategy.PoolSizes SMALL = new PacketStrategy.PoolSizes(2_000, 400);
    static final AnalyserCase SMALL_C = AnalyserCase.C.scaledDown(500); // 990 + 990 live of a 2,000 pool

    @Test
    void everyStrategyAndBufferParsesWhatTheSourceWroteAndReturnsEveryPacket() {
        for (Strategy strategy : Strategy.values()) {
            for (Buffers buffers : Buffers.values()) {
                for (Analyser.Parse parse : Analyser.Parse.values()) {
                    AnalyserSetup setup = new AnalyserSetup(SMALL_C, strategy, buffers, SMALL, parse);
                    try (Analyser analyser = setup.newAnalyser(42)) {
                        List<BatchRun.Report> reports = new ArrayList<>();
                        new BatchRun(5_000, 10_000, 2).run(analyser, reports::add); // throws on guard or leak
                        assertThat(reports).hasSize(2);
                        assertThat(reports.getFirst().nsPerPacket()).isPositive();
                        assertThat(analyser.packets()).isEqualTo(25_000);
                        if (strategy != Strategy.DUMMY) { // dummy parses whatever its one packet holds by then
                            // 1 in 16 is TCP: about 1,560 of 25,000
                            assertThat(analyser.tcpPackets())
                                    .as(strategy + " " + buffers)
                                    .isBetween(1_300L, 1_850L);
                        }
                        assertThat(analyser.strategy().outstanding()).isZero();
                    }
                }
            }
        }
    }

    @Test
    void aPacketNeverReturnedFailsTheLeakCheck() {
        AnalyserSetup setup = new AnalyserSetup(SMALL_C, Strategy.POOL, Buffers.HEAP, SMALL);
        try (Analyser analyser = setup.newAnalyser(1)) {
            analyser.onPacket();
            analyser.strategy().acquire(); // taken and never given back
            assertThatThrownBy(() -> new BatchRun(0, 100, 1).run(analyser, r -> {}))
                    .hasMessageContaining("leak check: 1 object was acquired and never released");
        }
    }

    @Test
    void theHeaderIsARealIpv4Header() {
        PacketStrategy strategy = PacketStrategy.create(Strategy.ALLOC, Buffers.HEAP, SMALL);
        Packet packet = strategy.acquire();
        try (Analyser analyser = new Analyser(new AnalyserCase("t", 1, 16), strategy, 7)) {
            analyser.fill(packet, packet.slabOffset());
            assertThat(packet.getByte(PacketLayout.VERSION_IHL)).isEqualTo(0x45);
            int protocol = packet.getByte(PacketLayout.PROTOCOL);
            assertThat(protocol).isIn(PacketLayout.PROTOCOL_TCP, PacketLayout.PROTOCOL_UDP);
            int transport = protocol == PacketLayout.PROTOCOL_TCP ? 20 : 8;
            assertThat(packet.getShort(PacketLayout.TOTAL_LENGTH)).isBetween(20 + transport, 20 + transport + 511);
            if (protocol == PacketLayout.PROTOCOL_UDP) {
                assertThat(packet.getShort(20 + PacketLayout.UDP_LENGTH))
                        .isEqualTo(packet.getShort(PacketLayout.TOTAL_LENGTH) - 20);
            } else {
                assertThat(packet.getByte(20 + PacketLayout.TCP_DATA_OFFSET)).isEqualTo(0x50);
            }
            analyser.process(packet, packet.slabOffset());
            IpHeader header = packet.header() != null ? packet.header() : null;
            assertThat(analyser.packets()).isEqualTo(1);
            analyser.checkConsistent();
            assertThat(header == null || header.protocol() == protocol).isTrue();
        }
    }

    @Test
    void casesAndStrategiesAreParsedOrRefusedByName() {
        assertThat(AnalyserCase.parse("b")).isEqualTo(AnalyserCase.B);
        assertThat(AnalyserCase.parse("A1000").internalQueueSize()).isEqualTo(1_000);
        assertThat(AnalyserCase.A.storedCount()).isEqualTo(10_000);
        assertThatThrownBy(() -> AnalyserCase.parse("D"))
                .hasMessage("unknown case 'D' (expected one of A, A1000, B, C)");
        assertThat(Strategy.parse("Pool")).isEqualTo(Strategy.POOL);
        assertThatThrownBy(() -> Strategy.parse("pooling"))
                .hasMessage("unknown strategy 'pooling' (expected one of dummy, alloc, mix, pool)");
        assertThatThrownBy(() -> Buffers.parse("direct")).hasMessageContaining("expected heap or native");
    }

    @Test
    void aHeapTooSmallForTheLivePacketsIsRefusedBeforeAnyWork() {
        AnalyserSetup heapPool =
                new AnalyserSetup(AnalyserCase.C, Strategy.POOL, Buffers.HEAP, PacketStrategy.PoolSizes.POST);
        assertThatThrownBy(() -> heapPool.checkHeap(512L << 20))
                .hasMessageContaining("case C pool with heap buffers")
                .hasMessageContaining("512 MiB: impossible");
        heapPool.checkHeap(2L << 30);
        new AnalyserSetup(AnalyserCase.C, Strategy.POOL, Buffers.NATIVE, PacketStrategy.PoolSizes.POST)
                .checkHeap(512L << 20);
    }
}
