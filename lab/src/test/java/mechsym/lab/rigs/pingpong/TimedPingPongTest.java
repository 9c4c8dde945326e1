package mechsym.lab.rigs.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.tools.platform.CpuTopology.Placement;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TimedPingPongTest {
    @ParameterizedTest
    @EnumSource(StoreMode.class)
    @Timeout(30)
    void everyStoreModeAndLayoutCompletesRoundTripsAcrossCpus(StoreMode mode) throws Exception {
        CpuPair cpus = CpuPair.here(Placement.CROSS_CORE)
                .or(() -> CpuPair.here(Placement.ONE_CPU))
                .orElse(new CpuPair(Placement.ONE_CPU, TimedPingPong.UNPINNED, TimedPingPong.UNPINNED));
        for (Cells.Layout layout : Cells.Layout.values()) {
            TimedPingPong.Run run =
                    TimedPingPong.run(new TimedPingPong.Case(layout, mode, cpus.first(), cpus.second()), 20);
            assertThat(run.count()).as(layout + " " + mode).isPositive();
            assertThat(run.roundTrips().count()).isEqualTo(run.count());
            assertThat(run.roundTrips().p50Nanos()).isPositive();
            assertThat(run.histogram().getTotalCount()).isEqualTo(run.count());
        }
    }

    @ParameterizedTest
    @EnumSource(StoreMode.class)
    @Timeout(30)
    void aPairPinnedToOneCpuYieldsAndFinishes(StoreMode mode) throws Exception {
        CpuPair cpus = CpuPair.here(Placement.ONE_CPU)
                .orElse(new CpuPair(Placement.ONE_CPU, TimedPingPong.UNPINNED, TimedPingPong.UNPINNED));
        TimedPingPong.Run run =
                TimedPingPong.run(new TimedPingPong.Case(Cells.Layout.PADDED, mode, cpus.first(), cpus.first()), 20);
        assertThat(run.count()).isPositive();
    }
}
