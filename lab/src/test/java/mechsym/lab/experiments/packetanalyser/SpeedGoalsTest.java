package mechsym.lab.experiments.packetanalyser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

class SpeedGoalsTest {
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
        assertThat(SpeedGoals.batch(best("A", 130, "B", 259, "C", 300), flat).outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Verdict partly = SpeedGoals.batch(best("A", 131, "B", 200, "C", 300), flat);
        assertThat(partly.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(partly.reason()).contains("missed in A").contains("1.31x");
        assertThat(SpeedGoals.batch(best("A", 230, "B", 280, "C", 450), flat).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void batchGoalWithoutFlatCppFiguresIsInconclusive() {
        Verdict v = SpeedGoals.batch(best("B", 100), Map.of());
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.reason()).contains("no C++ flat figures");
        assertThat(SpeedGoals.batch(best("B", 100), best("C", 100)).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void realtimeGoalNeedsACaseBTrialWithoutLossAt200Ns() {
        SpeedGoals.Trial clean = new SpeedGoals.Trial("ZGC pool", "B", 200, 0, 20_000_000);
        SpeedGoals.Trial lossy = new SpeedGoals.Trial("G1 pool", "B", 200, 5, 20_000_000);
        assertThat(SpeedGoals.realtime(List.of(lossy, clean)).outcome()).isEqualTo(Outcome.REPRODUCED);
        Verdict missed = SpeedGoals.realtime(List.of(lossy));
        assertThat(missed.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(missed.reason()).contains("lost 5 of 20000000");
        // clean, but slower than the goal or another case: does not count
        assertThat(SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "B", 320, 0, 1_000)))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(SpeedGoals.realtime(List.of(new SpeedGoals.Trial("G1 pool", "A", 200, 0, 1_000)))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(SpeedGoals.realtime(List.of()).reason()).contains("no case B trial");
    }

    @Test
    void theCombinedVerdictIsMetOnlyWhenBothGoalsAre() {
        Verdict met = Verdict.reproduced("a");
        Verdict missed = Verdict.notReproduced("b");
        Verdict unknown = Verdict.inconclusive("c");
        assertThat(SpeedGoals.combine(met, met).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(SpeedGoals.combine(met, missed).outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(SpeedGoals.combine(missed, missed).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(SpeedGoals.combine(met, unknown).outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(SpeedGoals.combine(unknown, missed).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(SpeedGoals.combine(unknown, unknown).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(SpeedGoals.combine(met, missed).reason()).isEqualTo("a b");
    }
}
