package mechsym.lab.experiments.udpecho;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.udpecho.UdpEchoFindings.Pcts;
import org.junit.jupiter.api.Test;

/** The post's Disruptor claims and mechsym's ring goals fed made-up percentiles (µs) on both sides of each line. */
class UdpEchoFindingsTest {
    private static final Map<Integer, Pcts> RING = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 60));
    private static final Map<Integer, Pcts> DISRUPTOR = Map.of(1, new Pcts(30, 44), 2, new Pcts(34, 58));
    private static final Map<Integer, Pcts> THREADS = Map.of(1, new Pcts(40, 200), 2, new Pcts(45, 300));
    private static final Pcts SLOW_SPIN = new Pcts(80, 900);

    private static UdpEchoFindings f(Map<Integer, Pcts> ring, Map<Integer, Pcts> disruptor, Pcts spin, int cores) {
        return new UdpEchoFindings(ring, disruptor, THREADS, null, spin, 5.0, cores);
    }

    @Test
    void theDisruptorsSpreadTighterThanThePoolsAtEveryCount() {
        assertThat(f(RING, DISRUPTOR, SLOW_SPIN, 4)
                        .disruptorSpreadTighterThanThreads()
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Map<Integer, Pcts> mixed = Map.of(1, new Pcts(30, 45), 2, new Pcts(20, 200));
        assertThat(f(RING, mixed, SLOW_SPIN, 4)
                        .disruptorSpreadTighterThanThreads()
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(RING, Map.of(), SLOW_SPIN, 4)
                        .disruptorSpreadTighterThanThreads()
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void sleepingBeatBusySpinOnEnoughCores() {
        assertThat(f(RING, DISRUPTOR, SLOW_SPIN, 4).sleepingBeatBusySpin().outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(f(RING, DISRUPTOR, new Pcts(20, 30), 4)
                        .sleepingBeatBusySpin()
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(f(RING, DISRUPTOR, null, 4).sleepingBeatBusySpin().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void busySpinOnFewerThanFourCoresIsNotMeasurableHere() {
        var c = f(RING, DISRUPTOR, SLOW_SPIN, 3).sleepingBeatBusySpin();
        assertThat(c.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(c.reason()).contains(">= 4 cores");
    }

    @Test
    void sleepingCostsAFewPercent() {
        assertThat(new UdpEchoFindings(RING, DISRUPTOR, THREADS, null, SLOW_SPIN, 10.0, 4)
                        .sleepingCostsAFewPercent()
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(new UdpEchoFindings(RING, DISRUPTOR, THREADS, null, SLOW_SPIN, 10.1, 4)
                        .sleepingCostsAFewPercent()
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(new UdpEchoFindings(RING, DISRUPTOR, THREADS, null, SLOW_SPIN, null, 4)
                        .sleepingCostsAFewPercent()
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theVerdictJudgesTheDisruptorNotTheRing() {
        Map<Integer, Pcts> wideRing = Map.of(1, new Pcts(10, 500), 2, new Pcts(10, 900));
        var v = f(wideRing, DISRUPTOR, SLOW_SPIN, 4).verdict();
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).doesNotContain("ring").doesNotContain("goal");
    }

    @Test
    void theRingGoalsUpToTheCoresOnFourOrMore() {
        assertThat(f(RING, DISRUPTOR, SLOW_SPIN, 4).goals())
                .extracting(Goal::status)
                .containsOnly(Goal.Status.MET);
        Map<Integer, Pcts> slowAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 64));
        assertThat(f(slowAtTwo, DISRUPTOR, SLOW_SPIN, 4).goals())
                .extracting(Goal::status)
                .containsExactly(Goal.Status.MET, Goal.Status.MISSED);
        assertThat(f(Map.of(), DISRUPTOR, SLOW_SPIN, 4).goals())
                .extracting(Goal::status)
                .containsOnly(Goal.Status.NOT_MEASURABLE);
    }

    /** Below four cores a p99 goal measures the scheduler: not measurable, whatever the figures. */
    @Test
    void theRingGoalsAreNotMeasurableBelowFourCores() {
        Map<Integer, Pcts> slowAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 64));
        for (int cores : new int[] {1, 2, 3}) {
            assertThat(f(RING, DISRUPTOR, SLOW_SPIN, cores).goals()).allSatisfy(g -> {
                assertThat(g.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
                assertThat(g.figures()).contains("Needs: >= 4 cores");
            });
            assertThat(f(slowAtTwo, DISRUPTOR, SLOW_SPIN, cores).goals())
                    .extracting(Goal::status)
                    .containsOnly(Goal.Status.NOT_MEASURABLE);
        }
    }
}
