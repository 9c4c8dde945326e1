package mechsym.lab.experiments.jmsload;

import static mechsym.lab.experiments.jmsload.JmsLoadExperimentTest.ok;
import static mechsym.lab.experiments.jmsload.JmsLoadExperimentTest.slow;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Goal;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import org.junit.jupiter.api.Test;

/** The post's one claim (its body check holds) on both sides, and mechsym's keep-up goal apart from it. */
class JmsLoadClaimsTest {
    private static Verdict judge(long failedPersistent, long failedNonPersistent) {
        return JmsLoadClaims.judge(new JmsLoadClaims.Figures(List.of(
                new JmsLoadClaims.Ramp("persistent", 410, 410, failedPersistent),
                new JmsLoadClaims.Ramp("non-persistent", 410, 410, failedNonPersistent))));
    }

    @Test
    void everyReplyCorrectInEveryRampReproduces() {
        Verdict v = judge(0, 0);
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).hasSize(1);
        var check = v.claims().getFirst();
        assertThat(check.lineIsOurs()).isTrue();
        assertThat(check.measure().n()).isEqualTo(2);
        assertThat(check.measure().value()).isZero();
        assertThat(check.reason()).contains("0 failed checks in 820 replies over 2 ramps");
    }

    @Test
    void oneWrongReplyInAnyRampFailsIt() {
        assertThat(judge(0, 1).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(judge(3, 0).claims().getFirst().reason()).contains("persistent 3 of 410 replies failed");
    }

    @Test
    void noRepliesAtAllIsInconclusive() {
        Verdict v = JmsLoadClaims.judge(
                new JmsLoadClaims.Figures(List.of(new JmsLoadClaims.Ramp("persistent", 100, 0, 0))));
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void noLatencyIsPartOfTheVerdict() {
        Verdict v = judge(0, 0);
        assertThat(v.claims())
                .noneMatch(c -> c.claim().contains("p99") || c.claim().contains("keeps up"));
        assertThat(new JmsLoadExperiment().claim()).doesNotContainIgnoringCase("one listener");
    }

    @Test
    void theKeepUpGoalIsMetWhenEveryRampKeptUpAndMissedWhenNoneDid() {
        Knee.Result kept = Knee.find(List.of(ok(10), ok(100), ok(300)));
        Knee.Result knee = Knee.find(List.of(ok(10), slow(100), slow(300)));
        assertThat(JmsLoadGoals.judge(List.of(
                                new JmsLoadGoals.Ramp("persistent", kept, 300),
                                new JmsLoadGoals.Ramp("non-persistent", kept, 300)))
                        .getFirst()
                        .status())
                .isEqualTo(Goal.Status.MET);
        Goal missed = JmsLoadGoals.judge(List.of(
                        new JmsLoadGoals.Ramp("persistent", knee, 300),
                        new JmsLoadGoals.Ramp("non-persistent", knee, 300)))
                .getFirst();
        assertThat(missed.status()).isEqualTo(Goal.Status.MISSED);
        assertThat(missed.figures()).contains("persistent stopped at 100/s of 300/s");
        assertThat(JmsLoadGoals.judge(List.of(
                                new JmsLoadGoals.Ramp("persistent", knee, 300),
                                new JmsLoadGoals.Ramp("non-persistent", kept, 300)))
                        .getFirst()
                        .status())
                .as("the ramps disagree: undecided")
                .isEqualTo(Goal.Status.NOT_MEASURABLE);
    }
}
