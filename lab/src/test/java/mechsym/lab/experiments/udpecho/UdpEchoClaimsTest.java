package mechsym.lab.experiments.udpecho;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.udpecho.UdpEchoFigures.Pcts;
import org.junit.jupiter.api.Test;

/** The post's Disruptor claims fed made-up percentiles (µs) over rounds, on both sides of each line and across. */
class UdpEchoClaimsTest {
    static final Map<Integer, Pcts> RING = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 60));
    static final Map<Integer, Pcts> DISRUPTOR = Map.of(1, new Pcts(30, 44), 2, new Pcts(34, 58));
    static final Map<Integer, Pcts> THREADS = Map.of(1, new Pcts(40, 200), 2, new Pcts(45, 300));
    static final Pcts SLOW_SPIN = new Pcts(80, 900);

    static UdpEchoFigures round(Map<Integer, Pcts> ring, Map<Integer, Pcts> disruptor, Pcts spin, Double idle) {
        return new UdpEchoFigures(ring, disruptor, THREADS, null, spin, idle);
    }

    static List<UdpEchoFigures> rounds(Map<Integer, Pcts> disruptor, Pcts spin, Double idle) {
        return List.of(round(RING, disruptor, spin, idle), round(RING, disruptor, spin, idle));
    }

    @Test
    void theDisruptorsSpreadTighterThanThePoolsAtEveryCount() {
        assertThat(UdpEchoClaims.disruptorSpreadTighterThanThreads(rounds(DISRUPTOR, SLOW_SPIN, 5.0))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Map<Integer, Pcts> wideAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(20, 200));
        assertThat(UdpEchoClaims.disruptorSpreadTighterThanThreads(rounds(wideAtTwo, SLOW_SPIN, 5.0))
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        var across = UdpEchoClaims.disruptorSpreadTighterThanThreads(
                List.of(round(RING, DISRUPTOR, SLOW_SPIN, 5.0), round(RING, wideAtTwo, SLOW_SPIN, 5.0)));
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(UdpEchoClaims.disruptorSpreadTighterThanThreads(rounds(Map.of(), SLOW_SPIN, 5.0))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(UdpEchoClaims.disruptorSpreadTighterThanThreads(List.of(round(RING, DISRUPTOR, SLOW_SPIN, 5.0)))
                        .outcome())
                .as("one round decides nothing")
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void sleepingBeatBusySpinOnEnoughCores() {
        assertThat(UdpEchoClaims.sleepingBeatBusySpin(rounds(DISRUPTOR, SLOW_SPIN, 5.0), 4)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(UdpEchoClaims.sleepingBeatBusySpin(rounds(DISRUPTOR, new Pcts(20, 30), 5.0), 4)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(UdpEchoClaims.sleepingBeatBusySpin(rounds(DISRUPTOR, null, 5.0), 4)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void busySpinOnFewerThanFourCoresIsNotMeasurableHere() {
        var c = UdpEchoClaims.sleepingBeatBusySpin(rounds(DISRUPTOR, SLOW_SPIN, 5.0), 3);
        assertThat(c.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(c.reason()).contains(">= 4 cores");
    }

    @Test
    void sleepingCostsAFewPercent() {
        assertThat(UdpEchoClaims.sleepingCostsAFewPercent(rounds(DISRUPTOR, SLOW_SPIN, 10.0))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(UdpEchoClaims.sleepingCostsAFewPercent(rounds(DISRUPTOR, SLOW_SPIN, 10.1))
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        var across = UdpEchoClaims.sleepingCostsAFewPercent(
                List.of(round(RING, DISRUPTOR, SLOW_SPIN, 8.0), round(RING, DISRUPTOR, SLOW_SPIN, 12.0)));
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(across.lineIsOurs()).isTrue();
        assertThat(UdpEchoClaims.sleepingCostsAFewPercent(rounds(DISRUPTOR, SLOW_SPIN, null))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theVerdictJudgesTheDisruptorNotTheRing() {
        Map<Integer, Pcts> wideRing = Map.of(1, new Pcts(10, 500), 2, new Pcts(10, 900));
        var v = UdpEchoClaims.judge(
                List.of(round(wideRing, DISRUPTOR, SLOW_SPIN, 5.0), round(wideRing, DISRUPTOR, SLOW_SPIN, 5.0)), 4);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).noneSatisfy(c -> assertThat(c.claim()).contains("ring"));
    }
}
