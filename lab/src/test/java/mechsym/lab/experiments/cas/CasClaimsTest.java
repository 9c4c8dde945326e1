package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.experiments.cas.CasClaims.Figures;
import mechsym.lab.experiments.cas.CasClaims.Side;
import org.junit.jupiter.api.Test;

/**
 * Each sub-claim on both sides of its line and straddling it, for C++ and Java alike: contended at least
 * 2x dearer per round, a median run of at least 2 increments per round; the generations' comparison
 * never measurable on one machine; one core shows no contention; a missing figure never throws.
 */
class CasClaimsTest {

    private static Side cpp(List<Double> alone, List<Double> contended, List<Double> runs) {
        return new Side("C++", "LOCK XADD", alone, contended, runs, List.of());
    }

    private static Side java(List<Double> alone, List<Double> contended, List<Double> runs) {
        return new Side("Java", "getAndAdd", alone, contended, runs, List.of());
    }

    private static Claim claim(Verdict v, String start) {
        return v.claims().stream()
                .filter(c -> c.claim().startsWith(start))
                .findFirst()
                .orElseThrow();
    }

    private static Outcome outcome(Verdict v, String start) {
        return claim(v, start).outcome();
    }

    /** Two pinned vCPUs: LOCK XADD 4.5 -> 20.5 ns, runs of about 5 increments. */
    @Test
    void twoPinnedCoresDearerAndInRunsReproduce() {
        Verdict v = CasClaims.judge(new Figures(
                2,
                List.of(
                        cpp(List.of(4.5, 4.6, 4.4), List.of(20.5, 18.0, 24.0), List.of(5.0, 5.0, 6.0)),
                        java(List.of(5.0, 5.1, 5.0), List.of(26.0, 25.0, 30.0), List.of(4.0, 5.0, 5.0)))));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.claims()).hasSize(5);
        assertThat(claim(v, "C++ LOCK XADD is several").outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, "C++ LOCK XADD is several").lineIsOurs()).isTrue();
        assertThat(claim(v, "C++ LOCK XADD is several").measure().n()).isEqualTo(3);
        assertThat(outcome(v, "Java getAndAdd: a core makes")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(v, "Sandy Bridge")).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(claim(v, "Sandy Bridge").reason()).contains("Needs:").contains("Nehalem");
    }

    @Test
    void belowTheLinesIsNotReproduced() {
        Verdict v = CasClaims.judge(
                new Figures(4, List.of(cpp(List.of(5.0, 5.0, 5.0), List.of(9.0, 9.5, 8.0), List.of(1.0, 1.0, 1.0)))));
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(outcome(v, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void theLinesSitAtTwiceAndAtTwoIncrements() {
        Verdict atLines = CasClaims.judge(
                new Figures(2, List.of(cpp(List.of(5.0, 5.0), List.of(10.0, 10.0), List.of(2.0, 2.0)))));
        assertThat(outcome(atLines, "C++ LOCK XADD is several")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(atLines, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.REPRODUCED);
        Verdict justBelow =
                CasClaims.judge(new Figures(2, List.of(cpp(List.of(5.0, 5.0), List.of(9.9, 9.9), List.of(1.0, 1.0)))));
        assertThat(outcome(justBelow, "C++ LOCK XADD is several")).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(outcome(justBelow, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void roundsStraddlingALineAreUndecided() {
        Verdict v = CasClaims.judge(
                new Figures(2, List.of(cpp(List.of(5.0, 5.0, 5.0), List.of(8.0, 12.0, 11.0), List.of(1.0, 3.0, 2.0)))));
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(v, "C++ LOCK XADD is several").reason()).contains("straddles");
        assertThat(outcome(v, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void oneRoundDecidesNothing() {
        Verdict v = CasClaims.judge(new Figures(2, List.of(cpp(List.of(5.0), List.of(30.0), List.of(5.0)))));
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(outcome(v, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.INCONCLUSIVE);
    }

    /** One core: the threads take turns, so nothing contends; the generations need two CPUs anyway. */
    @Test
    void oneCoreCannotShowContention() {
        Verdict v = CasClaims.judge(new Figures(1, List.of(cpp(List.of(5.0, 5.0), List.of(), List.of()))));
        assertThat(v.outcome()).isEqualTo(Outcome.NOT_MEASURABLE_HERE);
        assertThat(claim(v, "C++ LOCK XADD is several").reason()).contains("Needs: 2 cores");
    }

    /** A busy machine: in round 1 the pinned threads mostly ran one at a time, so it is left out. */
    @Test
    void roundsWhoseThreadsDidNotOverlapAreLeftOut() {
        Side side = new Side(
                "C++",
                "LOCK XADD",
                List.of(5.0, 5.0, 5.0),
                List.of(20.0, 6.0, 21.0),
                List.of(5.0, 300.0, 6.0),
                List.of(0.9, 0.1, 0.95));
        Verdict v = CasClaims.judge(new Figures(2, List.of(side)));
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, "C++ LOCK XADD is several").measure().n()).isEqualTo(2);
        assertThat(claim(v, "C++ LOCK XADD is several").reason()).contains("1 of 3 rounds left out");
        assertThat(claim(v, "C++ LOCK XADD: a core makes").measure().high()).isEqualTo(6.0);

        Side neverOverlapped = new Side(
                "C++", "LOCK XADD", List.of(5.0, 5.0), List.of(6.0, 6.0), List.of(1.0, 1.0), List.of(0.0, 0.2));
        Verdict busy = CasClaims.judge(new Figures(2, List.of(neverOverlapped)));
        assertThat(outcome(busy, "C++ LOCK XADD is several")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(busy, "C++ LOCK XADD: a core makes").reason()).contains("too busy");
    }

    @Test
    void missingFiguresAreInconclusiveNotAnException() {
        Verdict v = CasClaims.judge(new Figures(
                8,
                List.of(
                        cpp(List.of(), List.of(), List.of()),
                        java(List.of(6.0, 6.0), List.of(30.0, 31.0), List.of()))));
        assertThat(outcome(v, "C++ LOCK XADD is several")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(outcome(v, "C++ LOCK XADD: a core makes")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(outcome(v, "Java getAndAdd is several")).isEqualTo(Outcome.REPRODUCED);
        assertThat(outcome(v, "Java getAndAdd: a core makes")).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.outcome()).isEqualTo(Outcome.PARTLY);
    }
}
