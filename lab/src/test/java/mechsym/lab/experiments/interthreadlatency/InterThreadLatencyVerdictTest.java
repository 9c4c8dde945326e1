package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;
import org.junit.jupiter.api.Test;

/** The post's fence as the verdict, on both sides of each sub-claim. */
class InterThreadLatencyVerdictTest {
    private static Fences fences(int volatileFences, int release, int opaque) {
        return new Fences(Map.of(Mode.VOLATILE, volatileFences, Mode.RELEASE_ACQUIRE, release, Mode.OPAQUE, opaque));
    }

    @Test
    void aFenceAfterTheVolatileStoreAloneReproduces() {
        var v = InterThreadLatencyVerdict.judge(fences(2, 0, 0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason())
                .contains("volatile 2, release_acquire 0, opaque 0")
                .doesNotContain("goal");
    }

    @Test
    void aFenceAfterAWeakerStoreTooIsPartly() {
        var v = InterThreadLatencyVerdict.judge(fences(2, 1, 0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.claims()).extracting(c -> c.outcome()).containsExactly(Outcome.REPRODUCED, Outcome.NOT_REPRODUCED);
    }

    @Test
    void noFenceAnywhereIsPartlyAndFencesEverywhereNotReproduced() {
        assertThat(InterThreadLatencyVerdict.judge(fences(0, 0, 0)).claims())
                .extracting(c -> c.outcome())
                .containsExactly(Outcome.NOT_REPRODUCED, Outcome.REPRODUCED);
        assertThat(InterThreadLatencyVerdict.judge(fences(0, 1, 1)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noC2CodeIsInconclusive() {
        assertThat(InterThreadLatencyVerdict.judge(null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
