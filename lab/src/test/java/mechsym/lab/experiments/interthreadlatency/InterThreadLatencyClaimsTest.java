package mechsym.lab.experiments.interthreadlatency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.interthreadlatency.FenceCheck.Fences;
import mechsym.lab.experiments.interthreadlatency.PingPong.Mode;
import org.junit.jupiter.api.Test;

/** The post's fence as the verdict, on both sides; the weaker stores' fences are not its claim. */
class InterThreadLatencyClaimsTest {
    private static Fences fences(int volatileFences, int release, int opaque) {
        return new Fences(Map.of(Mode.VOLATILE, volatileFences, Mode.RELEASE_ACQUIRE, release, Mode.OPAQUE, opaque));
    }

    @Test
    void aFenceAfterTheVolatileStoreReproduces() {
        var v = InterThreadLatencyClaims.judge(fences(2, 0, 0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims())
                .singleElement()
                .satisfies(c -> assertThat(c.reason()).contains("volatile 2, release_acquire 0, opaque 0"));
    }

    @Test
    void theWeakerStoresDoNotDecideThisPostsVerdict() {
        assertThat(InterThreadLatencyClaims.judge(fences(2, 1, 1)).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(InterThreadLatencyClaims.judge(fences(2, 1, 1)).claims())
                .noneMatch(c -> c.claim().contains("setRelease"));
    }

    @Test
    void noFenceAfterTheVolatileStoreIsNotReproduced() {
        assertThat(InterThreadLatencyClaims.judge(fences(0, 0, 0)).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void noC2CodeIsInconclusive() {
        assertThat(InterThreadLatencyClaims.judge(null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
