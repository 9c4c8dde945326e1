package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.offheap.OffHeapVerdict.Figures;
import org.junit.jupiter.api.Test;

/** Three claims at the post's sizes; the pause claim needs the contrast with the object runs. */
class OffHeapVerdictTest {

    @Test
    void allThreeAtThePostsSizeReproduce() {
        var v = OffHeapVerdict.judge(new Figures(15.0, 40.0, 60.0, 42.0, 2.0, 900.0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("holds at the post's size").contains("holds, with the post's contrast");
    }

    @Test
    void fasterBelowFourteenTimesIsOnlyPartly() {
        var v = OffHeapVerdict.judge(new Figures(3.0, 8.0, 60.0, 42.0, 2.0, 900.0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("below the post's 14x");
    }

    @Test
    void quietOffHeapRunsWithoutLongObjectPausesDoNotShowTheContrast() {
        var v = OffHeapVerdict.judge(new Figures(15.0, 40.0, 60.0, 42.0, 2.0, 30.0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("the contrast is not shown");
    }

    @Test
    void slowerLargerAndPausingIsNotReproduced() {
        var v = OffHeapVerdict.judge(new Figures(0.5, 0.9, 42.0, 42.0, 200.0, 900.0));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresNeverThrow() {
        assertThat(OffHeapVerdict.judge(new Figures(null, null, null, null, null, null))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        var v = OffHeapVerdict.judge(new Figures(15.0, 40.0, null, null, 2.0, 900.0));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("smaller: not measured");
    }
}
