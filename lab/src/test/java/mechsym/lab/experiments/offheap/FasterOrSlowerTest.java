package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The headline's comparison word follows the ratio: a run where objects win says "slower". */
class FasterOrSlowerTest {
    @Test
    void aSpeedUpBelowOneIsReportedAsSlower() {
        assertThat(OffHeapReport.fasterOrSlower(2.8)).isEqualTo("2.8x faster");
        assertThat(OffHeapReport.fasterOrSlower(1.0)).isEqualTo("1.0x faster");
        assertThat(OffHeapReport.fasterOrSlower(132.0 / 200)).isEqualTo("1.5x slower");
    }
}
