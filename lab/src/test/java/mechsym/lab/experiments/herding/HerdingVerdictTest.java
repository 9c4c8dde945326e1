package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.herding.HerdingVerdict.Figures;
import org.junit.jupiter.api.Test;

/** Each of the three placements' lines fed figures on both sides. */
class HerdingVerdictTest {
    private static final Figures TWO_CORES = new Figures(200, 400, 2_000);
    private static final Figures UNPINNED = new Figures(220, 420, 5_000);
    private static final Figures ONE_CORE = new Figures(5_000, 20_000, 90_000);
    private static final Figures NOISY = new Figures(300, 9_000, 200_000);

    @Test
    void allThreeLinesMetIsReproduced() {
        Verdict verdict = HerdingVerdict.judge(TWO_CORES, ONE_CORE, UNPINNED, NOISY);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(verdict.reason()).contains("25.0x the two-core 200 ns").contains("40.0x the quiet 5000 ns");
    }

    @Test
    void oneCoreJustBelowItsLineFailsThatSubClaim() {
        Verdict verdict = HerdingVerdict.judge(TWO_CORES, new Figures(1_960, 20_000, 90_000), UNPINNED, NOISY);
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.claims().getFirst().outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(verdict.reason()).contains("9.8x the two-core");
        assertThat(HerdingVerdict.judge(TWO_CORES, new Figures(2_000, 20_000, 90_000), UNPINNED, NOISY)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void aQuietNeighbourFailsThatSubClaim() {
        Verdict verdict = HerdingVerdict.judge(TWO_CORES, ONE_CORE, UNPINNED, new Figures(300, 900, 9_990));
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.reason()).contains("2.0x the quiet");
        assertThat(HerdingVerdict.judge(TWO_CORES, ONE_CORE, UNPINNED, new Figures(300, 900, 10_000))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void pinningWorseThanUnpinnedFailsThatSubClaim() {
        Figures pinnedWorse = new Figures(200, 470, 2_000); // 1.12x the unpinned p99
        Verdict verdict = HerdingVerdict.judge(pinnedWorse, ONE_CORE, UNPINNED, NOISY);
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.reason()).contains("1.12x the unpinned");
        Figures pinnedJustWithin = new Figures(200, 462, 2_000); // 1.1x
        assertThat(HerdingVerdict.judge(pinnedJustWithin, ONE_CORE, UNPINNED, NOISY)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void noLineMetIsNotReproduced() {
        Figures pinnedWorse = new Figures(200, 470, 2_000);
        assertThat(HerdingVerdict.judge(pinnedWorse, new Figures(300, 900, 9_000), UNPINNED, UNPINNED)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void withoutTheNeighbourThatSubClaimIsUndecided() {
        Verdict verdict = HerdingVerdict.judge(TWO_CORES, ONE_CORE, UNPINNED, null);
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.reason()).contains("noisy-neighbour placement was not measured");
    }

    @Test
    void aMachineWithoutTwoCpusCannotShowThePinnedPlacements() {
        Verdict verdict = HerdingVerdict.judge(null, null, UNPINNED, NOISY);
        assertThat(verdict.claims())
                .extracting(Verdict.Claim::outcome)
                .containsExactly(Outcome.NOT_MEASURABLE_HERE, Outcome.NOT_MEASURABLE_HERE, Outcome.REPRODUCED);
        assertThat(verdict.reason()).contains("Needs: two CPUs");
        assertThat(HerdingVerdict.judge(null, null, UNPINNED, null).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
