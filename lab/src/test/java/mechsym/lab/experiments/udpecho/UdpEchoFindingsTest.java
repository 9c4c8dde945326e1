package mechsym.lab.experiments.udpecho;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.udpecho.UdpEchoFindings.Pcts;
import org.junit.jupiter.api.Test;

/** Each claim and goal fed made-up percentiles (µs) on both sides of its line, and with figures missing. */
class UdpEchoFindingsTest {
    private static final Map<Integer, Pcts> RING = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 60));
    private static final Map<Integer, Pcts> DISRUPTOR = Map.of(1, new Pcts(30, 44), 2, new Pcts(34, 58));
    private static final Map<Integer, Pcts> THREADS = Map.of(1, new Pcts(40, 200), 2, new Pcts(45, 300));

    private static UdpEchoFindings f(Map<Integer, Pcts> ring, Map<Integer, Pcts> threads, Pcts ringSpin, Double idle) {
        return new UdpEchoFindings(ring, DISRUPTOR, threads, ringSpin, new Pcts(80, 900), idle, 2);
    }

    @Test
    void ringSpreadTighterThanThreads() {
        assertThat(f(RING, THREADS, null, 5.0).ringSpreadTighterThanThreads().outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Map<Integer, Pcts> mixed = Map.of(1, new Pcts(30, 45), 2, new Pcts(20, 200));
        assertThat(f(mixed, THREADS, null, 5.0).ringSpreadTighterThanThreads().outcome())
                .isEqualTo(Outcome.PARTLY);
        Map<Integer, Pcts> wide = Map.of(1, new Pcts(10, 500), 2, new Pcts(10, 900));
        assertThat(f(wide, THREADS, null, 5.0).ringSpreadTighterThanThreads().outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(RING, Map.of(), null, 5.0).ringSpreadTighterThanThreads().outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void sleepingBeatBusySpin() {
        assertThat(f(RING, THREADS, new Pcts(50, 100), 5.0)
                        .sleepingBeatBusySpin()
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED); // ring and disruptor both beaten
        assertThat(f(RING, THREADS, new Pcts(20, 30), 5.0)
                        .sleepingBeatBusySpin()
                        .outcome())
                .isEqualTo(Outcome.PARTLY); // the ring's spin was faster, the disruptor's not
        UdpEchoFindings spinWins =
                new UdpEchoFindings(RING, DISRUPTOR, THREADS, new Pcts(20, 30), new Pcts(20, 30), 5.0, 2);
        assertThat(spinWins.sleepingBeatBusySpin().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        UdpEchoFindings none = new UdpEchoFindings(RING, DISRUPTOR, THREADS, null, null, 5.0, 2);
        assertThat(none.sleepingBeatBusySpin().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void sleepingCostsAFewPercent() {
        assertThat(f(RING, THREADS, null, 5.0).sleepingCostsAFewPercent().outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(f(RING, THREADS, null, 35.0).sleepingCostsAFewPercent().outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(RING, THREADS, null, null).sleepingCostsAFewPercent().outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void goalRingP99AtOrBelowThreadsAtEveryCountUpToTheCores() {
        assertThat(f(RING, THREADS, null, 5.0).ringP99AtOrBelowThreads().outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Map<Integer, Pcts> slowAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 400));
        assertThat(f(slowAtTwo, THREADS, null, 5.0).ringP99AtOrBelowThreads())
                .satisfies(v -> assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED))
                .satisfies(v -> assertThat(v.reason()).startsWith("missed"));
        Map<Integer, Pcts> slowAtThree = Map.of(1, new Pcts(30, 45), 3, new Pcts(35, 4000));
        Map<Integer, Pcts> threads3 = Map.of(1, new Pcts(40, 200), 3, new Pcts(45, 300));
        assertThat(f(slowAtThree, threads3, null, 5.0).ringP99AtOrBelowThreads().outcome())
                .isEqualTo(Outcome.REPRODUCED); // 3 client threads is beyond 2 cores
        assertThat(f(Map.of(), THREADS, null, 5.0).ringP99AtOrBelowThreads().outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void goalRingWithinTenPercentOfTheDisruptor() {
        assertThat(f(RING, THREADS, null, 5.0)
                        .ringP99WithinTenPercentOfDisruptor()
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Map<Integer, Pcts> slower = Map.of(1, new Pcts(30, 49), 2, new Pcts(35, 60));
        assertThat(f(slower, THREADS, null, 5.0)
                        .ringP99WithinTenPercentOfDisruptor()
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED); // 49/44 = 1.11
    }

    @Test
    void verdictFoldsTheClaims() {
        assertThat(f(RING, THREADS, new Pcts(50, 100), 5.0).verdict().outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(f(RING, THREADS, new Pcts(50, 100), 50.0).verdict().outcome())
                .isEqualTo(Outcome.PARTLY);
        UdpEchoFindings none = new UdpEchoFindings(Map.of(), Map.of(), Map.of(), null, null, null, 2);
        assertThat(none.verdict().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
