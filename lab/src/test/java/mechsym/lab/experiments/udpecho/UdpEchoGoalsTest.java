package mechsym.lab.experiments.udpecho;

import static mechsym.lab.experiments.udpecho.UdpEchoClaimsTest.DISRUPTOR;
import static mechsym.lab.experiments.udpecho.UdpEchoClaimsTest.RING;
import static mechsym.lab.experiments.udpecho.UdpEchoClaimsTest.SLOW_SPIN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.experiments.udpecho.UdpEchoFigures.Pcts;
import org.junit.jupiter.api.Test;

/** mechsym's ring goals over rounds: both sides of each bar and across it on 4 cores; not measurable below. */
class UdpEchoGoalsTest {
    private static List<UdpEchoFigures> twice(Map<Integer, Pcts> ring) {
        UdpEchoFigures r = UdpEchoClaimsTest.round(ring, DISRUPTOR, SLOW_SPIN, 5.0);
        return List.of(r, r);
    }

    @Test
    void theRingGoalsUpToTheCoresOnFourOrMore() {
        assertThat(UdpEchoGoals.judge(twice(RING), 4)).extracting(Goal::status).containsOnly(Goal.Status.MET);
        Map<Integer, Pcts> slowAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 64));
        assertThat(UdpEchoGoals.judge(twice(slowAtTwo), 4))
                .extracting(Goal::status)
                .containsExactly(Goal.Status.MET, Goal.Status.MISSED);
        var across = UdpEchoGoals.judge(
                List.of(
                        UdpEchoClaimsTest.round(RING, DISRUPTOR, SLOW_SPIN, 5.0),
                        UdpEchoClaimsTest.round(slowAtTwo, DISRUPTOR, SLOW_SPIN, 5.0)),
                4);
        assertThat(across.get(1).status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
        assertThat(UdpEchoGoals.judge(twice(Map.of()), 4))
                .extracting(Goal::status)
                .containsOnly(Goal.Status.NOT_MEASURABLE);
    }

    /** Below four cores a p99 goal measures the scheduler: not measurable, whatever the figures. */
    @Test
    void theRingGoalsAreNotMeasurableBelowFourCores() {
        Map<Integer, Pcts> slowAtTwo = Map.of(1, new Pcts(30, 45), 2, new Pcts(35, 64));
        for (int cores : new int[] {1, 2, 3}) {
            assertThat(UdpEchoGoals.judge(twice(RING), cores)).allSatisfy(g -> {
                assertThat(g.status()).isEqualTo(Goal.Status.NOT_MEASURABLE);
                assertThat(g.figures()).contains("Needs: >= 4 cores");
            });
            assertThat(UdpEchoGoals.judge(twice(slowAtTwo), cores))
                    .extracting(Goal::status)
                    .containsOnly(Goal.Status.NOT_MEASURABLE);
        }
    }
}
