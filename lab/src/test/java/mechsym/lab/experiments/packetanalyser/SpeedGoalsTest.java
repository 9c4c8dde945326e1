package mechsym.lab.experiments.packetanalyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Goal;
import mechsym.lab.Goal.Status;
import org.junit.jupiter.api.Test;

class SpeedGoalsTest {
    /** 4 s: 20 million packets at 200 ns. */
    private static final long WINDOW = 4_000_000_000L;

    private static Map<String, SpeedGoals.Best> best(Object... caseAndNs) {
        Map<String, SpeedGoals.Best> m = new LinkedHashMap<>();
        for (int i = 0; i < caseAndNs.length; i += 2) {
            m.put((String) caseAndNs[i], new SpeedGoals.Best("x", ((Number) caseAndNs[i + 1]).doubleValue()));
        }
        return m;
    }

    @Test
    void batchGoalIsMetWithinOnePointThreeTimesFlatCppInEveryCase() {
        Map<String, SpeedGoals.Best> flat = best("A", 100, "B", 200, "C", 300);
        assertThat(SpeedGoals.batch(best("A", 130, "B", 259, "C", 300), flat).status())
                .isEqualTo(Status.MET);
        Goal partly = SpeedGoals.batch(best("A", 131, "B", 200, "C", 300), flat);
        assertThat(partly.status()).isEqualTo(Status.MISSED);
        assertThat(partly.figures()).contains("missed in A").contains("1.31x");
        assertThat(SpeedGoals.batch(best("A", 230, "B", 280, "C", 450), flat).status())
                .isEqualTo(Status.MISSED);
    }

    @Test
    void batchGoalWithoutFlatCppFiguresIsInconclusive() {
        Goal v = SpeedGoals.batch(best("B", 100), Map.of());
        assertThat(v.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(v.figures()).contains("no C++ flat figures");
        assertThat(SpeedGoals.batch(best("B", 100), best("C", 100)).status()).isEqualTo(Status.NOT_MEASURABLE);
    }

    @Test
    void realtimeGoalNeedsACaseBTrialWithoutLossAt200Ns() {
        SpeedGoals.Trial clean = new SpeedGoals.Trial("ZGC pool", "B", 200, 0, 20_000_000, WINDOW);
        SpeedGoals.Trial lossy = new SpeedGoals.Trial("G1 pool", "B", 200, 5, 20_000_000, WINDOW);
        assertThat(SpeedGoals.realtime(List.of(lossy, clean)).status()).isEqualTo(Status.MET);
        Goal missed = SpeedGoals.realtime(List.of(lossy));
        assertThat(missed.status()).isEqualTo(Status.MISSED);
        assertThat(missed.figures()).contains("lost 5 of 20000000");
        // clean, but slower than the goal or another case: does not count
        assertThat(SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "B", 320, 0, 1_000, WINDOW)))
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
        assertThat(SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "A", 200, 0, 1_000, WINDOW)))
                        .status())
                .isEqualTo(Status.NOT_MEASURABLE);
        assertThat(SpeedGoals.realtime(List.of()).figures()).contains("no case B trial");
    }

    @Test
    void aTrialWhoseClockSourceFellBehindIsNoFigure() {
        // 2 s at 200 ns should hold 10 million packets: the source sent 185,344
        Goal behind = SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "B", 200, 0, 185_344, WINDOW / 2)));
        assertThat(behind.status()).isEqualTo(Status.NOT_MEASURABLE);
        assertThat(behind.figures()).contains("did not keep its rate", "saw 185344 packets of the 10000000");
        // half of them is at rate
        assertThat(SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "B", 200, 0, 5_000_000, WINDOW / 2)))
                        .status())
                .isEqualTo(Status.MET);
    }
}
