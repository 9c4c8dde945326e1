package mechsym.lab.experiments.tcpping;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** Each claim and the goal fed made-up p50s (µs) on both sides of its line, and with figures missing. */
class TcpPingFindingsTest {
    private static TcpPingFindings f(Double same, Double cross, Double select, Double ipc, Double spin, Double c) {
        return new TcpPingFindings(same, cross, select, ipc, spin, c);
    }

    @Test
    void crossCoreBelowSameCore() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).crossCoreBelowSameCore().outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(f(6.0, 9.0, 40.0, 1.0, 9.0, 9.0).crossCoreBelowSameCore().outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(9.0, null, 40.0, 1.0, 9.0, 9.0).crossCoreBelowSameCore())
                .satisfies(v -> assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE))
                .satisfies(v -> assertThat(v.reason()).contains("two CPUs"));
    }

    @Test
    void spinBelowSelect() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).spinBelowSelect().outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(f(9.0, 6.0, 5.0, 1.0, 6.0, 6.0).spinBelowSelect().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(9.0, 6.0, null, 1.0, 6.0, 6.0).spinBelowSelect().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void ipcFarBelowTcpNeedsFiveTimes() {
        assertThat(f(9.0, 6.0, 40.0, 1.2, 6.0, 6.0).ipcFarBelowTcp().outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(f(9.0, 6.0, 40.0, 3.0, 6.0, 6.0).ipcFarBelowTcp().outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(f(9.0, 6.0, 40.0, 7.0, 6.0, 6.0).ipcFarBelowTcp().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(9.0, 6.0, 40.0, null, 6.0, 6.0).ipcFarBelowTcp().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void verdictFoldsTheClaims() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 6.0, 6.0).verdict().outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(f(6.0, 9.0, 40.0, 1.0, 9.0, 9.0).verdict().outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(f(6.0, 9.0, 5.0, 10.0, 9.0, 9.0).verdict().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(null, null, null, null, null, null).verdict().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void javaWithinTenPercentOfC() {
        assertThat(f(9.0, 6.0, 40.0, 1.0, 10.9, 10.0).javaWithinTenPercentOfC())
                .satisfies(v -> assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED))
                .satisfies(v -> assertThat(v.reason()).startsWith("met: "));
        assertThat(f(9.0, 6.0, 40.0, 1.0, 11.2, 10.0).javaWithinTenPercentOfC())
                .satisfies(v -> assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED))
                .satisfies(v -> assertThat(v.reason()).startsWith("missed: ").contains("1.12x"));
        assertThat(f(9.0, 6.0, 40.0, 1.0, 11.2, null).javaWithinTenPercentOfC().outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
