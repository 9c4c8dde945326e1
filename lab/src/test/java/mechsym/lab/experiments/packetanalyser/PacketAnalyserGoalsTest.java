package mechsym.lab.experiments.packetanalyser;

import static mechsym.lab.experiments.packetanalyser.Figures.of;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import mechsym.tools.analyser.Analyser;
import mechsym.tools.analyser.Buffers;
import mechsym.tools.analyser.Strategy;
import org.junit.jupiter.api.Test;

class PacketAnalyserGoalsTest {
    /** 4 s: 20 million packets at 200 ns. */
    private static final long WINDOW = 4_000_000_000L;

    private static final Solution FLAT_PARSE = Solution.java(Collector.PARALLEL, Buffers.NATIVE, Analyser.Parse.FLAT);
    private static final Solution G1_HEAP = Solution.java(Collector.G1, Buffers.HEAP, Analyser.Parse.OBJECTS);

    private static Goal batch(double factor, BatchFigure... figures) {
        return PacketAnalyserGoals.batch(List.of(figures), factor);
    }

    @Test
    void batchGoalDecidesOnTheBestJavaOverTheBestFlatCppPerRound() {
        BatchFigure flatB = of(Solution.CPP_FLAT, Strategy.POOL, "B", 100, 110, 105);
        // 1.8-1.9x in every round: the 2.0x goal met, the 1.3x next step missed
        BatchFigure javaB = of(FLAT_PARSE, Strategy.POOL, "B", 190, 200, 195);
        BatchFigure slowerJava = of(G1_HEAP, Strategy.POOL, "B", 400, 410, 420);
        Goal met = batch(2.0, javaB, slowerJava, flatB);
        assertThat(met.status()).isEqualTo(Status.MET);
        assertThat(met.measure().high()).isLessThanOrEqualTo(2.0);
        assertThat(met.figures()).contains("case B: Native Parallel (the post's 'CMS'), flat parse Pooling 195");
        assertThat(batch(1.3, javaB, slowerJava, flatB).status()).isEqualTo(Status.MISSED);
        // 1.9x and 2.1x: straddles 2.0
        Goal straddles = batch(
                2.0, of(FLAT_PARSE, Strategy.POOL, "B", 190, 210), of(Solution.CPP_FLAT, Strategy.POOL, "B", 100, 100));
        assertThat(straddles.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(straddles.figures()).contains("straddles");
    }

    @Test
    void batchGoalMustHoldInEveryCase() {
        Goal missedInA = batch(
                2.0,
                of(FLAT_PARSE, Strategy.POOL, "A", 80, 90),
                of(Solution.CPP_FLAT, Strategy.POOL, "A", 30, 30),
                of(FLAT_PARSE, Strategy.POOL, "B", 190, 195),
                of(Solution.CPP_FLAT, Strategy.POOL, "B", 100, 100));
        assertThat(missedInA.status()).isEqualTo(Status.MISSED);
        assertThat(missedInA.figures()).contains("case A").contains("case B");
        assertThat(missedInA.measure().low()).isGreaterThan(2.0);
    }

    @Test
    void batchGoalWithoutFlatCppFiguresIsNotMeasurable() {
        Goal v = batch(2.0, of(FLAT_PARSE, Strategy.POOL, "B", 100, 100));
        assertThat(v.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(v.figures()).contains("no C++ flat figures");
        assertThat(batch(
                                2.0,
                                of(FLAT_PARSE, Strategy.POOL, "B", 100, 100),
                                of(Solution.CPP_FLAT, Strategy.POOL, "C", 100, 100))
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
    }

    private static RealTimeTrial trial(String caseLabel, long interval, long lost, long seen, long window) {
        return new RealTimeTrial("ZGC Pooling", caseLabel, interval, lost, seen, window);
    }

    @Test
    void realtimeGoalNeedsEveryCaseBTrialWithoutLossAt200Ns() {
        RealTimeTrial clean = trial("B", 200, 0, 20_000_000, WINDOW);
        RealTimeTrial lossy = trial("B", 200, 5, 20_000_000, WINDOW);
        assertThat(PacketAnalyserGoals.realtime(List.of(clean, clean)).status()).isEqualTo(Status.MET);
        Goal missed = PacketAnalyserGoals.realtime(List.of(lossy, lossy));
        assertThat(missed.status()).isEqualTo(Status.MISSED);
        assertThat(missed.figures()).contains("lost 5 of 20000000");
        // one clean, one lossy: undecided
        assertThat(PacketAnalyserGoals.realtime(List.of(lossy, clean)).status()).isEqualTo(Status.NOT_MEASURABLE);
        // one trial: undecided
        assertThat(PacketAnalyserGoals.realtime(List.of(clean)).status()).isEqualTo(Status.NOT_MEASURABLE);
        // slower than the goal, or another case: does not count
        assertThat(PacketAnalyserGoals.realtime(List.of(trial("B", 320, 0, 1_000, WINDOW)))
                        .figures())
                .contains("no case B trial");
        assertThat(PacketAnalyserGoals.realtime(List.of(trial("A", 200, 0, 1_000, WINDOW)))
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
    }

    @Test
    void aTrialWhoseClockSourceFellBehindIsNoFigure() {
        // 2 s at 200 ns should hold 10 million packets: the source sent 185,344
        Goal behind = PacketAnalyserGoals.realtime(List.of(trial("B", 200, 0, 185_344, WINDOW / 2)));
        assertThat(behind.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(behind.figures()).contains("did not keep its rate", "saw 185344 packets of the 10000000");
        // half of them is at rate; the one behind is left out
        Goal met = PacketAnalyserGoals.realtime(List.of(
                trial("B", 200, 0, 5_000_000, WINDOW / 2),
                trial("B", 200, 0, 6_000_000, WINDOW / 2),
                trial("B", 200, 0, 185_344, WINDOW / 2)));
        assertThat(met.status()).isEqualTo(Status.MET);
        assertThat(met.figures()).contains("left out");
    }
}
