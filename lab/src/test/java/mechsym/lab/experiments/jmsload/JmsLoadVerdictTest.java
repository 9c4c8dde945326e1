package mechsym.lab.experiments.jmsload;

import static mechsym.lab.experiments.jmsload.JmsLoadExperimentTest.ok;
import static mechsym.lab.experiments.jmsload.JmsLoadExperimentTest.slow;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import org.junit.jupiter.api.Test;

class JmsLoadVerdictTest {
    private static Verdict judge(Knee.Result knee, long offered, long replies, long failedChecks, double top) {
        return JmsLoadVerdict.judge(new JmsLoadVerdict.Figures(knee, offered, replies, failedChecks, 10, top));
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void aQuickRampThatKeptUpIsNoVerdictOnThePostsThousandPerSecond() {
        Verdict v = judge(Knee.find(List.of(ok(10), ok(100), ok(300))), 410, 410, 0, 300);
        Claim ramp = claim(v, "keeps up over this run's ramp");
        assertThat(ramp.claim()).contains("10 -> 300 requests/s");
        assertThat(ramp.outcome()).isEqualTo(Outcome.REPRODUCED);
        Claim top = claim(v, JmsLoadVerdict.POST_TOP);
        assertThat(top.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(top.reason()).contains("not run", "tops at 300 requests/s, 30% of the post's 1000/s");
        assertThat(v.outcome()).isNotEqualTo(Outcome.REPRODUCED).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void thePostsTopRateIsJudgedWhereTheRampReachedIt() {
        Verdict kept = judge(Knee.find(List.of(ok(10), ok(500), ok(1000))), 1510, 1510, 0, 1000);
        assertThat(claim(kept, JmsLoadVerdict.POST_TOP).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(kept.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(kept.claims()).hasSize(2);
        Verdict knee = judge(Knee.find(List.of(ok(10), ok(500), slow(900), slow(1000))), 2410, 2410, 0, 1000);
        Claim top = claim(knee, JmsLoadVerdict.POST_TOP);
        assertThat(top.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(top.reason()).contains("stopped keeping up at 900 requests/s of 1000", "kept up to 500/s");
    }

    @Test
    void aKneeInTheQuickRampDoesNotKeepUp() {
        Verdict v = judge(Knee.find(List.of(ok(10), slow(50), slow(100), slow(300))), 460, 460, 0, 300);
        assertThat(claim(v, "keeps up over this run's ramp").outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(v, JmsLoadVerdict.CHECK).outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void wrongRepliesFailThePostsCheck() {
        Verdict v = judge(Knee.find(List.of(ok(10))), 10, 10, 3, 300);
        Claim check = claim(v, JmsLoadVerdict.CHECK);
        assertThat(check.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(check.reason()).contains("3 of 10 replies failed");
    }

    @Test
    void noRepliesAtAllIsInconclusive() {
        assertThat(judge(Knee.find(List.of()), 100, 0, 0, 300).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(judge(Knee.find(List.of()), 0, 0, 0, 1000).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void oneListenerIsNotPartOfTheClaim() {
        Verdict v = judge(Knee.find(List.of(ok(10), ok(300))), 310, 310, 0, 300);
        assertThat(v.reason()).doesNotContain("listener");
        assertThat(new JmsLoadExperiment().claim()).doesNotContainIgnoringCase("one listener");
    }
}
