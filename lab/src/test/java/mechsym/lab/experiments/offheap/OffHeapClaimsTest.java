package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.offheap.OffHeapClaims.Figures;
import org.junit.jupiter.api.Test;

/**
 * The post's claims about its Unsafe table against objects, under its collector with its heap's
 * fill, each decided by its interval over the runs: on both sides of its line and straddling it.
 */
class OffHeapClaimsTest {
    private static final List<Double> UNSAFE_MS = List.of(100.0, 100.0, 100.0, 100.0);

    /** Objects run by run at {@code speedups} times the Unsafe table's 100 ms, the rest on the post's side. */
    private static Figures faster(double... speedups) {
        List<Double> objects =
                java.util.Arrays.stream(speedups).map(x -> 100 * x).boxed().toList();
        return new Figures(
                "Parallel",
                true,
                objects,
                UNSAFE_MS.subList(0, speedups.length),
                List.of(60.0, 60.0, 60.0),
                List.of(42.0, 42.0, 42.0),
                List.of(0.0, 0.0, 0.0),
                List.of(900.0, 1200.0, 800.0));
    }

    private static Figures memory(List<Double> objectBytes, List<Double> unsafeBytes) {
        return new Figures(
                "Parallel",
                true,
                List.of(2000.0, 2000.0),
                List.of(100.0, 100.0),
                objectBytes,
                unsafeBytes,
                List.of(0.0, 0.0),
                List.of(900.0, 900.0));
    }

    private static Figures pauses(List<Double> unsafePauses, List<Double> objectPauses) {
        return new Figures(
                "Parallel",
                true,
                List.of(2000.0, 2000.0),
                List.of(100.0, 100.0),
                List.of(60.0, 60.0),
                List.of(42.0, 42.0),
                unsafePauses,
                objectPauses);
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void everyClaimAtThePostsFillReproduces() {
        Verdict v = OffHeapClaims.judge(faster(14, 20, 43, 16));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, OffHeapClaims.FASTER).reason())
                .contains("Parallel")
                .contains("n=4")
                .doesNotContain("goal");
    }

    @Test
    void fasterIsDecidedByTheIntervalOfTheRunByRunRatios() {
        assertThat(claim(OffHeapClaims.judge(faster(10, 12, 30)), OffHeapClaims.FASTER)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(OffHeapClaims.judge(faster(2, 9.9, 5)), OffHeapClaims.FASTER)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        Claim straddles = claim(OffHeapClaims.judge(faster(8, 12, 15)), OffHeapClaims.FASTER);
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(straddles.reason()).contains("straddles");
        assertThat(claim(OffHeapClaims.judge(faster(30)), OffHeapClaims.FASTER).outcome())
                .as("one run decides nothing")
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void withoutThePostsFillTheTimingClaimsWaitForIt() {
        Figures f = faster(30, 30, 30);
        Figures tiny = new Figures(
                f.collector(),
                false,
                f.objectsMs(),
                f.unsafeMs(),
                f.objectBytes(),
                f.unsafeNativeBytes(),
                f.unsafePauseMs(),
                f.objectsPauseMs());
        Verdict v = OffHeapClaims.judge(tiny);
        assertThat(claim(v, OffHeapClaims.FASTER).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(v, OffHeapClaims.FASTER).reason()).contains("--profile quick");
        assertThat(claim(v, OffHeapClaims.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(v, OffHeapClaims.SMALLER).outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void smallerComparesTheObjectsWithTheMeasuredNativeMemory() {
        assertThat(claim(OffHeapClaims.judge(memory(List.of(54.6, 58.0), List.of(42.0, 42.0))), OffHeapClaims.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(OffHeapClaims.judge(memory(List.of(54.5, 50.0), List.of(42.0, 42.0))), OffHeapClaims.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(OffHeapClaims.judge(memory(List.of(50.0, 58.0), List.of(42.0, 42.0))), OffHeapClaims.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(OffHeapClaims.judge(memory(List.of(54.6), List.of())), OffHeapClaims.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void thePauseClaimHasTwoHalvesEachWithItsLine() {
        Verdict quietBoth = OffHeapClaims.judge(pauses(List.of(0.0, 9.9), List.of(50.0, 99.9)));
        assertThat(claim(quietBoth, OffHeapClaims.QUIET).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(quietBoth, OffHeapClaims.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict loud = OffHeapClaims.judge(pauses(List.of(10.5, 20.0), List.of(100.0, 8000.0)));
        assertThat(claim(loud, OffHeapClaims.QUIET).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(loud, OffHeapClaims.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.REPRODUCED);
        Verdict straddling = OffHeapClaims.judge(pauses(List.of(2.0, 30.0), List.of(20.0, 300.0)));
        assertThat(claim(straddling, OffHeapClaims.QUIET).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(straddling, OffHeapClaims.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void noFFMTwinAndNoOtherCollectorIsJudged() {
        Verdict v = OffHeapClaims.judge(faster(20, 20, 20));
        assertThat(v.claims()).extracting(Claim::claim).noneMatch(c -> c.contains("FFM") || c.contains("ZGC"));
        assertThat(v.claims()).hasSize(4);
    }

    @Test
    void missingFiguresNeverThrow() {
        Verdict v = OffHeapClaims.judge(
                new Figures("Parallel", true, List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
