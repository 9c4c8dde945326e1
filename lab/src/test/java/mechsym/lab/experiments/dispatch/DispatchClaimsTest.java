package mechsym.lab.experiments.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** Each step of 2x or more per fork is the post's size (it shows ~3x); the forks' interval decides. */
class DispatchClaimsTest {

    /** A fork of two loops: ops/sec per phase, ten alike runs each (phase 4 is StepInc again). */
    private static Map<Integer, List<Double>> fork(double... phaseOpsPerSec) {
        Map<Integer, List<Double>> fork = new TreeMap<>();
        for (int phase = 0; phase < phaseOpsPerSec.length; phase++) {
            List<Double> runs = new ArrayList<>();
            for (int run = 0; run < 10; run++) {
                runs.add(phaseOpsPerSec[phase] * (run == 0 ? 0.7 : 1)); // a slow first run: the median ignores it
            }
            fork.put(phase, runs);
        }
        return fork;
    }

    private static List<Outcome> outcomes(Map<Integer, List<Double>>... forks) {
        Verdict verdict = DispatchClaims.judge(new DispatchFigures(List.of(forks)));
        return verdict.claims().stream().map(Verdict.Claim::outcome).toList();
    }

    @Test
    void thePostsOwnFiguresReproduceInEveryFork() {
        var post = fork(3.1e9, 1.02e9, 0.31e9, 0.28e9, 0.28e9, 0.28e9, 0.28e9, 0.28e9);
        assertThat(outcomes(post, post, post)).containsOnly(Outcome.REPRODUCED);
        assertThat(DispatchClaims.judge(new DispatchFigures(List.of(post, post)))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void eachStepOnBothSidesOfTwoAndStraddlingIt() {
        var flat = fork(1.5e9, 1.0e9, 0.8e9, 0.8e9, 1.4e9, 0.8e9, 0.8e9, 0.8e9);
        assertThat(outcomes(flat, flat)).containsOnly(Outcome.NOT_REPRODUCED);
        var steps = fork(3e9, 1e9, 0.3e9, 0.3e9, 0.3e9, 0.3e9, 0.3e9, 0.3e9);
        assertThat(outcomes(steps, flat))
                .containsExactly(Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE, Outcome.INCONCLUSIVE);
    }

    @Test
    void aSiteThatRecoversFailsOnlyTheLastClaim() {
        var recovers = fork(3e9, 1e9, 0.3e9, 0.3e9, 2.9e9, 0.3e9, 0.3e9, 0.3e9);
        assertThat(outcomes(recovers, recovers, recovers))
                .containsExactly(Outcome.REPRODUCED, Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void oneForkOrMissingPhasesLeaveTheClaimsUndecided() {
        var post = fork(3.1e9, 1.02e9, 0.31e9, 0.28e9, 0.28e9);
        assertThat(outcomes(post)).containsOnly(Outcome.INCONCLUSIVE);
        var firstLoopOnly = fork(3.1e9, 1.02e9, 0.31e9, 0.28e9);
        Verdict verdict = DispatchClaims.judge(new DispatchFigures(List.of(firstLoopOnly, firstLoopOnly)));
        assertThat(verdict.claims().get(2).reason()).startsWith("the post's program did not report");
        assertThat(DispatchClaims.judge(new DispatchFigures(List.of())).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
