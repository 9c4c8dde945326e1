package mechsym.lab.experiments.offheap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.offheap.OffHeapVerdict.Figures;
import org.junit.jupiter.api.Test;

/** The post's claims at its sizes, about its Unsafe table and the FFM twin against objects. */
class OffHeapVerdictTest {
    private static Figures figures(double unsafe, double segment, Double objectBytes, Double unsafeBytes) {
        return new Figures(Map.of("G1", unsafe), Map.of("G1", segment), objectBytes, unsafeBytes, 2.0, 900.0);
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void everyClaimAtThePostsSizeReproduces() {
        Verdict v = OffHeapVerdict.judge(figures(14, 40, 54.6, 42.0));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("G1 14.0x faster").doesNotContain("goal");
    }

    @Test
    void fasterIsJudgedAtFourteenTimesUnderEveryCollector() {
        Verdict below = OffHeapVerdict.judge(figures(13.9, 14, 60.0, 42.0));
        assertThat(claim(below, OffHeapVerdict.UNSAFE_FASTER).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(below, OffHeapVerdict.SEGMENT_FASTER).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(below.outcome()).isEqualTo(Outcome.PARTLY);
        Verdict oneCollector = OffHeapVerdict.judge(
                new Figures(Map.of("G1", 20.0, "ZGC", 0.5), Map.of("G1", 20.0), 60.0, 42.0, 2.0, 900.0));
        Claim unsafe = claim(oneCollector, OffHeapVerdict.UNSAFE_FASTER);
        assertThat(unsafe.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(unsafe.reason()).contains("ZGC 2.0x slower");
    }

    @Test
    void smallerComparesTheObjectsWithTheMeasuredNativeMemory() {
        assertThat(claim(OffHeapVerdict.judge(figures(20, 20, 54.6, 42.0)), OffHeapVerdict.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
        Claim notSmaller = claim(OffHeapVerdict.judge(figures(20, 20, 54.5, 42.0)), OffHeapVerdict.SMALLER);
        assertThat(notSmaller.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(notSmaller.reason()).contains("measured off it (NMT)");
        assertThat(claim(OffHeapVerdict.judge(figures(20, 20, 54.6, null)), OffHeapVerdict.SMALLER)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void thePauseClaimHasTwoHalves() {
        Verdict quietBoth =
                OffHeapVerdict.judge(new Figures(Map.of("G1", 20.0), Map.of("G1", 20.0), 60.0, 42.0, 9.9, 99.9));
        assertThat(claim(quietBoth, OffHeapVerdict.QUIET).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(quietBoth, OffHeapVerdict.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict loud =
                OffHeapVerdict.judge(new Figures(Map.of("G1", 20.0), Map.of("G1", 20.0), 60.0, 42.0, 10.0, 100.0));
        assertThat(claim(loud, OffHeapVerdict.QUIET).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(loud, OffHeapVerdict.OBJECTS_PAUSE).outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void slowerLargerAndPausingIsNotReproduced() {
        Verdict v = OffHeapVerdict.judge(new Figures(Map.of("G1", 0.5), Map.of("G1", 0.9), 42.0, 42.0, 200.0, 20.0));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void missingFiguresNeverThrow() {
        assertThat(OffHeapVerdict.judge(new Figures(Map.of(), null, null, null, null, null))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        Verdict v = OffHeapVerdict.judge(figures(20, 20, null, null));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void nativeMemoryTrackingsOtherCategoryIsRead() {
        String summary = """
                -                     Other (reserved=410190KB, committed=410190KB)
                                            (malloc=410190KB tag=Other #3) (at peak)
                """;
        assertThat(NativeMemory.otherCommittedBytes(summary)).isEqualTo(410_190L * 1024);
        assertThat(NativeMemory.otherCommittedBytes("Native memory tracking is not enabled"))
                .isEqualTo(-1);
    }
}
