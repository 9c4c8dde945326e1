package mechsym.tools.analyser;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FlatNativeParseTest {

    /** Packet by packet, the slab-offset parse and the parse through the packet object agree. */
    @Test
    void theSlabOffsetParseReadsWhatTheParseThroughThePacketReads() {
        for (Strategy strategy : new Strategy[] {Strategy.ALLOC, Strategy.MIX, Strategy.POOL}) {
            try (Analyser direct = newAnalyser(strategy);
                    Analyser throughPacket = newAnalyser(strategy)) {
                for (int i = 0; i < 20_000; i++) {
                    Packet a = direct.strategy().acquire();
                    direct.fill(a, a.slabOffset());
                    Packet b = throughPacket.strategy().acquire();
                    throughPacket.fill(b, b.slabOffset());
                    direct.processFlatNative(a, a.slabOffset());
                    throughPacket.process(b, b.slabOffset());
                    assertThat(new int[] {
                                a.parsedSource,
                                a.parsedDestination,
                                a.parsedProtocol,
                                a.parsedTotalLength,
                                a.parsedSourcePort,
                                a.parsedDestinationPort
                            })
                            .as(strategy + " packet " + i)
                            .containsExactly(
                                    b.parsedSource,
                                    b.parsedDestination,
                                    b.parsedProtocol,
                                    b.parsedTotalLength,
                                    b.parsedSourcePort,
                                    b.parsedDestinationPort);
                }
                assertThat(direct.tcpPackets())
                        .isEqualTo(throughPacket.tcpPackets())
                        .isPositive();
                direct.checkConsistent();
                direct.releaseStored();
                throughPacket.releaseStored();
                assertThat(direct.strategy().leakCheck()).isNull();
            }
        }
    }

    /** The flat parse of native packets goes through the FIFO's slab offsets in a whole run. */
    @Test
    void aFlatNativeRunParsesEveryPacketThroughTheFifo() {
        try (Analyser analyser = newAnalyser(Strategy.POOL)) {
            new BatchRun(3_000, 3_000, 1).run(analyser, r -> {}); // throws on a guard or leak failure
            assertThat(analyser.packets()).isEqualTo(6_000);
        }
    }

    private static Analyser newAnalyser(Strategy strategy) {
        return new AnalyserSetup(
                        AnalyserTest.SMALL_C, strategy, Buffers.NATIVE, AnalyserTest.SMALL, Analyser.Parse.FLAT)
                .newAnalyser(7);
    }
}
