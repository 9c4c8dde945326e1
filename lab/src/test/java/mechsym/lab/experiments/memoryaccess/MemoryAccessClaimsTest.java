package mechsym.lab.experiments.memoryaccess;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.memoryaccess.MemoryAccessVerdict.Walks;
import org.junit.jupiter.api.Test;

/** The post's order and its order of magnitude, each able to fail. */
class MemoryAccessVerdictTest {

    @Test
    void theOrderAtAnOrderOfMagnitudeReproduces() {
        // the post's Sandy Bridge medians: 0.89, 3.31, 9.46 ns
        var v = MemoryAccessVerdict.judge(
                List.of(new Walks("long[]", 0.89, 3.31, 9.46), new Walks("MemorySegment", 1.0, 4.0, 30.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason())
                .contains("2 of 2 storages")
                .contains("long[] 10.6x")
                .contains("met by every storage");
    }

    @Test
    void theOrderWithoutTheMagnitudeIsOnlyPartly() {
        var v = MemoryAccessVerdict.judge(List.of(new Walks("long[]", 1.0, 2.0, 6.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("long[] 6.0x").contains("met by none");
    }

    @Test
    void oneStorageOutOfOrderIsPartly() {
        var v = MemoryAccessVerdict.judge(
                List.of(new Walks("long[]", 1.0, 3.0, 30.0), new Walks("long[] +THP", 1.0, 0.5, 30.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(v.reason()).contains("1 of 2 storages").contains("(out of order)");
    }

    @Test
    void noStorageInOrderIsNotReproduced() {
        var v = MemoryAccessVerdict.judge(List.of(new Walks("long[]", 5.0, 3.0, 30.0)));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void aMissingWalkIsLeftOutAndNothingCompleteIsInconclusive() {
        assertThat(MemoryAccessVerdict.judge(List.of(new Walks("long[]", 1.0, null, 30.0)))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(MemoryAccessVerdict.judge(List.of()).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(MemoryAccessVerdict.judge(List.of(
                                new Walks("long[]", 1.0, null, 30.0), new Walks("MemorySegment", 1.0, 3.0, 30.0)))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }
}
