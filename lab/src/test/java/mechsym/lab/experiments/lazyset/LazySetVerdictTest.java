package mechsym.lab.experiments.lazyset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.lazyset.LazySetVerdict.Storage;
import org.junit.jupiter.api.Test;

/** The post's 5-6x in catch-up, no slower in ping-pong; 2x is cheaper but not the post's size. */
class LazySetVerdictTest {

    @Test
    void fiveTimesCheaperAndNoSlowerEverywhereReproduces() {
        var v = LazySetVerdict.judge(List.of(new Storage("AtomicLong", 5.5, 1.0), new Storage("field", 6.0, 1.1)));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("AtomicLong 5.50x, field 6.00x");
    }

    @Test
    void twiceCheaperIsOnlyPartlyAndSaysSo() {
        var v = LazySetVerdict.judge(List.of(new Storage("AtomicLong", 2.0, 1.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("by the post's 5-6x (volatile/lazy >= 5x): NOT REPRODUCED");
        assertThat(LazySetVerdict.judge(List.of(new Storage("AtomicLong", 1.99, 1.0)))
                        .claims()
                        .getFirst()
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void notCheaperAndSlowerIsNotReproduced() {
        var v = LazySetVerdict.judge(List.of(new Storage("AtomicLong", 1.1, 1.5)));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(LazySetVerdict.judge(List.of(new Storage("AtomicLong", 5.0, 1.16)))
                        .outcome())
                .isEqualTo(Outcome.PARTLY);
    }

    @Test
    void aStorageMissingAnExperimentIsLeftOut() {
        assertThat(LazySetVerdict.judge(List.of(new Storage("AtomicLong", null, 1.0)))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(LazySetVerdict.judge(List.of(new Storage("AtomicLong", null, 1.0), new Storage("field", 5.0, 1.0)))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void theTimedCrossCoreP50MustAlsoBeNoSlower() {
        List<Storage> atPostSize = List.of(new Storage("field padded", 5.5, 1.0));
        var same = LazySetVerdict.judge(atPostSize, 1.05);
        assertThat(same.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(same.reason()).contains("p50 lazy/volatile 1.05x");
        assertThat(LazySetVerdict.judge(atPostSize, 1.15).outcome()).isEqualTo(Outcome.REPRODUCED);
        var slower = LazySetVerdict.judge(atPostSize, 1.4);
        assertThat(slower.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(slower.reason()).contains("p50 lazy/volatile 1.40x");
        var unpinned = LazySetVerdict.judge(atPostSize, null);
        assertThat(unpinned.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(unpinned.reason()).contains("Needs: two CPUs");
    }
}
