package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.cas.CasVerdict.Figures;
import mechsym.lab.experiments.cas.CasVerdict.Side;
import org.junit.jupiter.api.Test;

/**
 * Each sub-claim on both sides of its line, for C++ and Java alike: 2x or more contended, the slowest
 * thread under half the fastest's increments; neither measurable below 4 cores; a missing figure never
 * throws.
 */
class CasVerdictTest {

    private static Side cpp(Double alone, Double contended, Double slowestOverFastest) {
        return new Side("C++", "LOCK XADD", "LOCK CMPXCHG BOOL", alone, contended, slowestOverFastest);
    }

    private static Side java(Double alone, Double contended, Double slowestOverFastest) {
        return new Side("Java", "getAndAdd", "compareAndSet loop", alone, contended, slowestOverFastest);
    }

    private static Outcome outcome(Verdict v, String claimStart) {
        return v.claims().stream()
                .filter(c -> c.claim().startsWith(claimStart))
                .map(Claim::outcome)
                .findFirst()
                .orElseThrow();
    }

    /** A 16-core Xeon: C++ LOCK XADD 8.9 ns alone, 27.9 at 16 threads; Java's CAS loop 0.32 slowest/fastest. */
    @Test
    void sixteenCoresUnfairAndDearerOnBothSidesReproduce() {
        Verdict v = CasVerdict.judge(new Figures(16, List.of(cpp(8.9, 27.9, 0.40), java(9.5, 30.0, 0.32))));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).hasSize(4).allMatch(c -> c.outcome() == Outcome.REPRODUCED);
        assertThat(v.reason())
                .contains("27.9 ns at 16 threads against 8.9 ns alone: 3.1x")
                .contains("0.32");
    }

    @Test
    void aFairSideAndACheapContendedSideAreNotReproduced() {
        Verdict v = CasVerdict.judge(new Figures(16, List.of(cpp(8.9, 12.0, 0.9), java(9.5, 30.0, 0.32))));
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(outcome(v, "C++ LOCK CMPXCHG BOOL")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(outcome(v, "Java getAndAdd is several")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(v, "Java compareAndSet loop")).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void theLinesSitAtTwiceAndAtHalf() {
        Verdict atLines = CasVerdict.judge(new Figures(4, List.of(cpp(6.0, 12.0, 0.5))));
        assertThat(outcome(atLines, "C++ LOCK XADD is several")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(atLines, "C++ LOCK CMPXCHG BOOL")).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict justInside = CasVerdict.judge(new Figures(4, List.of(cpp(6.0, 11.9, 0.49))));
        assertThat(outcome(justInside, "C++ LOCK XADD is several")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(outcome(justInside, "C++ LOCK CMPXCHG BOOL")).isEqualTo(Outcome.REPRODUCED);
    }

    /** Two vCPUs: both sides look fair and barely dearer there, which says nothing about cores. */
    @Test
    void twoCoresCannotShowContentionEvenWhenItLooksFair() {
        Verdict v = CasVerdict.judge(new Figures(2, List.of(cpp(6.0, 7.0, 0.95), java(7.0, 8.0, 0.9))));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(v.claims()).hasSize(4).allSatisfy(c -> {
            assertThat(c.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
            assertThat(c.reason()).contains("Needs: >= 4 cores").contains("2 cores");
        });
        // and an unfair, dearer-looking two-core run is not taken as the post's finding either
        Verdict looksLikeIt = CasVerdict.judge(new Figures(2, List.of(cpp(6.0, 30.0, 0.0))));
        assertThat(looksLikeIt.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        // three cores are still too few; four are enough
        assertThat(CasVerdict.judge(new Figures(3, List.of(cpp(6.0, 30.0, 0.1))))
                        .outcome())
                .isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(CasVerdict.judge(new Figures(4, List.of(cpp(6.0, 30.0, 0.1))))
                        .outcome())
                .isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void missingFiguresAreInconclusiveNotAnException() {
        Verdict v = CasVerdict.judge(new Figures(8, List.of(cpp(null, null, null), java(6.0, 30.0, null))));
        assertThat(outcome(v, "C++ LOCK XADD")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(outcome(v, "C++ LOCK CMPXCHG BOOL")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(outcome(v, "Java getAndAdd")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(v, "Java compareAndSet loop")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
        assertThat(CasVerdict.judge(new Figures(8, List.of(cpp(null, null, null))))
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
    }
}
