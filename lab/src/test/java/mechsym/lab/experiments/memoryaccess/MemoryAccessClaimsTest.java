package mechsym.lab.experiments.memoryaccess;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.memoryaccess.MemoryAccessClaims.Figures;
import org.junit.jupiter.api.Test;

/** The post's order and its order of magnitude, each decided by its per-round ratios, each able to fail. */
class MemoryAccessClaimsTest {
    private static final List<Double> LINEAR = List.of(1.0, 1.0, 1.0);

    private static Verdict judge(List<Double> page, List<Double> heap) {
        return MemoryAccessClaims.judge(new Figures(true, LINEAR, page, heap));
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void theOrderAtAnOrderOfMagnitudeReproduces() {
        // the post's Sandy Bridge: 0.89, 3.31, 9.46 ns, scaled to a linear walk of 1 ns
        Verdict v = judge(List.of(3.7, 3.5, 3.9), List.of(10.6, 11.0, 12.0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, MemoryAccessClaims.MAGNITUDE).reason())
                .contains("n=3")
                .contains("the line 10.0x");
        assertThat(claim(v, MemoryAccessClaims.PAGE_DEARER).lineIsOurs()).isTrue();
        assertThat(claim(v, MemoryAccessClaims.MAGNITUDE).lineIsOurs()).isFalse();
    }

    @Test
    void theOrderWithoutTheMagnitudeIsOnlyPartly() {
        Verdict v = judge(List.of(2.0, 2.2, 2.1), List.of(6.0, 6.5, 5.5));
        assertThat(claim(v, MemoryAccessClaims.MAGNITUDE).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(v, MemoryAccessClaims.PAGE_DEARER).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void aMagnitudeAcrossItsLineIsInconclusive() {
        Claim across = claim(judge(List.of(3.0, 3.0, 3.0), List.of(8.0, 12.0, 11.0)), MemoryAccessClaims.MAGNITUDE);
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(across.reason()).contains("straddles");
    }

    @Test
    void aPageWalkCheaperThanTheLinearOneIsNotReproduced() {
        Verdict v = judge(List.of(0.8, 0.9, 0.7), List.of(30.0, 30.0, 30.0));
        assertThat(claim(v, MemoryAccessClaims.PAGE_DEARER).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(v, MemoryAccessClaims.HEAP_DEAREST).outcome()).isEqualTo(Outcome.REPRODUCED);
        Verdict across = judge(List.of(0.9, 1.1, 1.2), List.of(30.0, 30.0, 30.0));
        assertThat(claim(across, MemoryAccessClaims.PAGE_DEARER).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void oneRoundOrASmallArrayDecidesNothing() {
        Verdict oneRound = MemoryAccessClaims.judge(new Figures(true, List.of(1.0), List.of(4.0), List.of(30.0)));
        assertThat(oneRound.claims()).allMatch(c -> c.outcome() == Outcome.INCONCLUSIVE);
        Verdict tiny =
                MemoryAccessClaims.judge(new Figures(false, LINEAR, List.of(4.0, 4.0, 4.0), List.of(30.0, 30.0, 30.0)));
        assertThat(tiny.claims()).allMatch(c -> c.outcome() == Outcome.INCONCLUSIVE);
        assertThat(tiny.claims().getFirst().reason()).contains("--profile quick");
        assertThat(MemoryAccessClaims.judge(new Figures(true, LINEAR, List.of(), List.of()))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
