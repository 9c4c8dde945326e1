package mechsym.lab.experiments.herding;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.herding.HerdingVerdict.Figures;
import org.junit.jupiter.api.Test;

class HerdingVerdictTest {
    private static final Figures TWO_CORES = new Figures(200, 400, 2_000);
    private static final Figures UNPINNED = new Figures(220, 420, 5_000);

    @Test
    void allThreeLinesMetIsReproduced() {
        Verdict verdict = HerdingVerdict.judge(
                TWO_CORES, new Figures(5_000, 20_000, 90_000), UNPINNED, new Figures(300, 9_000, 200_000));
        assertThat(verdict.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(verdict.reason()).contains("25.0x the two-core 200 ns").contains("40.0x the quiet 5000 ns");
    }

    @Test
    void oneCoreJustBelowItsLineIsNotReproduced() {
        Verdict verdict = HerdingVerdict.judge(
                TWO_CORES, new Figures(1_960, 20_000, 90_000), UNPINNED, new Figures(300, 9_000, 200_000));
        assertThat(verdict.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(verdict.reason()).contains("9.8x the two-core");
    }

    @Test
    void aQuietNeighbourLeavesItPartly() {
        Verdict verdict = HerdingVerdict.judge(
                TWO_CORES, new Figures(2_000, 20_000, 90_000), UNPINNED, new Figures(300, 900, 9_990));
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.reason()).contains("2.0x the quiet");
    }

    @Test
    void pinningWorseThanUnpinnedAndAQuietNeighbourIsNotReproduced() {
        Figures pinnedWorse = new Figures(200, 470, 2_000); // 1.12x the unpinned p99
        Verdict verdict = HerdingVerdict.judge(
                pinnedWorse, new Figures(5_000, 20_000, 90_000), UNPINNED, new Figures(300, 900, 5_000));
        assertThat(verdict.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(verdict.reason()).contains("1.12x the unpinned");
    }

    @Test
    void pinningWithinToleranceWithoutTheNeighbourIsPartly() {
        Verdict verdict = HerdingVerdict.judge(TWO_CORES, new Figures(5_000, 20_000, 90_000), UNPINNED, null);
        assertThat(verdict.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(verdict.reason()).contains("noisy-neighbour placement was not measured");
    }

    @Test
    void aMachineWithoutTwoCpusIsInconclusive() {
        assertThat(HerdingVerdict.judge(null, null, UNPINNED, UNPINNED).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(HerdingVerdict.judge(TWO_CORES, TWO_CORES, null, null).outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
