package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.backpressure.BackPressureClaims.BoundedRound;
import mechsym.lab.experiments.backpressure.BackPressureClaims.End;
import mechsym.lab.experiments.backpressure.BackPressureClaims.UnboundedRound;
import org.junit.jupiter.api.Test;

class BackPressureClaimsTest {
    // sized 20 ms, transaction 1 ms: the bounded line is 20 + 1 + 5 = 26 ms; capacity 2000/s, arrival 4000/s

    /** Three bounded rounds at capacity 2000/s with these p99s and accepted rates. */
    private static List<BoundedRound> bounded(double[] p99, double[] accepted) {
        return List.of(
                new BoundedRound(2000, p99[0], accepted[0]),
                new BoundedRound(2000, p99[1], accepted[1]),
                new BoundedRound(2000, p99[2], accepted[2]));
    }

    private static List<BoundedRound> boundedHolding() {
        return bounded(new double[] {24, 25, 25.9}, new double[] {1700, 1800, 1900});
    }

    /** Three unbounded rounds with these median growths (from 30 ms) and p99s. */
    private static List<UnboundedRound> unbounded(double[] growth, double[] p99) {
        return List.of(
                UnboundedRound.running(30, 30 * growth[0], p99[0]),
                UnboundedRound.running(30, 30 * growth[1], p99[1]),
                UnboundedRound.running(30, 30 * growth[2], p99[2]));
    }

    private static List<UnboundedRound> unboundedGrowing() {
        return unbounded(new double[] {2, 5, 20}, new double[] {26.1, 400, 1000});
    }

    private static Verdict judge(List<BoundedRound> bounded, List<UnboundedRound> unbounded) {
        return BackPressureClaims.judge(new BackPressureClaims.Figures(20, 1, 4000, bounded, unbounded));
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void reproducedWhenBoundedHoldsAtFullThroughputAndUnboundedGrows() {
        Verdict v = judge(boundedHolding(), unboundedGrowing());
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, BackPressureClaims.BOUNDED).measure().n()).isEqualTo(3);
        assertThat(claim(v, BackPressureClaims.BOUNDED).lineIsOurs()).isTrue();
        assertThat(claim(v, BackPressureClaims.BOUNDED).reason()).contains("26", "sized 20.0 ms");
        assertThat(claim(v, BackPressureClaims.THROUGHPUT).measure().unit()).isEqualTo("x");
        assertThat(claim(v, BackPressureClaims.GROWS).reason()).contains("30.0 ms to 150.0 ms");
        assertThat(v.reason()).doesNotContain("goal");
    }

    @Test
    void theBoundedP99DecidesOnBothSidesOfItsLineAndNotAcrossIt() {
        List<BoundedRound> past = bounded(new double[] {26.1, 27, 30}, new double[] {1700, 1800, 1900});
        assertThat(claim(judge(past, unboundedGrowing()), BackPressureClaims.BOUNDED)
                        .outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        List<BoundedRound> across = bounded(new double[] {25, 26.5, 27}, new double[] {1700, 1800, 1900});
        Claim straddles = claim(judge(across, unboundedGrowing()), BackPressureClaims.BOUNDED);
        assertThat(straddles.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(straddles.reason()).contains("straddles");
        assertThat(judge(past, unboundedGrowing()).outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void fullThroughputIsEightyPercentOfEachRoundsCapacity() {
        Claim atLine = claim(
                judge(bounded(new double[] {24, 24, 24}, new double[] {1600, 1700, 1800}), unboundedGrowing()),
                BackPressureClaims.THROUGHPUT);
        assertThat(atLine.outcome()).isEqualTo(Outcome.REPRODUCED);
        Claim short_ = claim(
                judge(bounded(new double[] {24, 24, 24}, new double[] {1000, 1500, 1599}), unboundedGrowing()),
                BackPressureClaims.THROUGHPUT);
        assertThat(short_.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(short_.reason()).contains("line 80%");
        Claim across = claim(
                judge(bounded(new double[] {24, 24, 24}, new double[] {1500, 1700, 1900}), unboundedGrowing()),
                BackPressureClaims.THROUGHPUT);
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        // each round against its own capacity: 1,900 of 2,000 and 950 of 1,000 both hold
        Claim ownCapacity = claim(
                judge(
                        List.of(
                                new BoundedRound(2000, 24, 1900),
                                new BoundedRound(1000, 24, 950),
                                new BoundedRound(1500, 24, 1400)),
                        unboundedGrowing()),
                BackPressureClaims.THROUGHPUT);
        assertThat(ownCapacity.outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void theUnboundedMedianMustDoubleInEveryRoundToReproduce() {
        Claim flat = claim(
                judge(boundedHolding(), unbounded(new double[] {1, 1.5, 1.99}, new double[] {100, 100, 100})),
                BackPressureClaims.GROWS);
        assertThat(flat.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Claim across = claim(
                judge(boundedHolding(), unbounded(new double[] {1.5, 3, 9}, new double[] {100, 100, 100})),
                BackPressureClaims.GROWS);
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void theUnboundedP99MustPassTheBoundedLine() {
        Claim below = claim(
                judge(boundedHolding(), unbounded(new double[] {3, 3, 3}, new double[] {20, 25, 25.9})),
                BackPressureClaims.BEYOND);
        assertThat(below.outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Claim across = claim(
                judge(boundedHolding(), unbounded(new double[] {3, 3, 3}, new double[] {20, 40, 900})),
                BackPressureClaims.BEYOND);
        assertThat(across.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        Claim past = claim(judge(boundedHolding(), unboundedGrowing()), BackPressureClaims.BEYOND);
        assertThat(past.outcome()).isEqualTo(Outcome.REPRODUCED);
    }

    @Test
    void ranOutOfHeapOnlyForTheOutOfMemoryExit() {
        List<UnboundedRound> oom = List.of(
                UnboundedRound.running(30, 35, 20),
                new UnboundedRound(Double.NaN, Double.NaN, Double.NaN, End.OUT_OF_MEMORY, 3));
        Verdict v = judge(boundedHolding(), oom);
        assertThat(claim(v, BackPressureClaims.GROWS).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(v, BackPressureClaims.BEYOND).reason()).contains("ran out of its heap", "run 2");
        // another death is no figure about memory, and leaves its round out
        List<UnboundedRound> died = List.of(
                new UnboundedRound(30, 900, 1000, End.DIED, 137), new UnboundedRound(30, 900, 1000, End.DIED, 134));
        Claim unbounded = claim(judge(boundedHolding(), died), BackPressureClaims.GROWS);
        assertThat(unbounded.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(unbounded.reason())
                .contains("exit 137, exit 134", "not out of memory")
                .doesNotContain("ran out");
    }

    @Test
    void oneRoundDecidesNothing() {
        Verdict v = judge(List.of(new BoundedRound(2000, 24, 1900)), List.of(UnboundedRound.running(30, 900, 1000)));
        assertThat(v.claims()).allSatisfy(c -> assertThat(c.outcome()).isEqualTo(Outcome.INCONCLUSIVE));
    }

    @Test
    void theChildRanOutOfMemoryOnlyByItsExitCodeOrItsOutOfMemoryLine() {
        assertThat(BackPressureClaims.outOfMemory(3, List.of())).isTrue();
        assertThat(BackPressureClaims.outOfMemory(
                        1, List.of("Terminating due to java.lang.OutOfMemoryError: Java heap space")))
                .isTrue();
        assertThat(BackPressureClaims.outOfMemory(137, List.of("@ready 4242"))).isFalse();
        assertThat(BackPressureClaims.outOfMemory(1, List.of("Exception in thread \"main\" java.io.IOException")))
                .isFalse();
    }

    @Test
    void inconclusiveWhenAFigureIsMissing() {
        Verdict none = judge(
                List.of(new BoundedRound(2000, Double.NaN, Double.NaN)),
                List.of(UnboundedRound.running(Double.NaN, 900, 1000)));
        assertThat(claim(none, BackPressureClaims.BOUNDED).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(none, BackPressureClaims.BOUNDED).reason()).contains("bounded+503 run at 200%");
        assertThat(claim(none, BackPressureClaims.GROWS).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        Verdict noSizing = BackPressureClaims.judge(
                new BackPressureClaims.Figures(0, 1, 4000, boundedHolding(), unboundedGrowing()));
        assertThat(noSizing.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(noSizing.reason()).contains("sized latency");
    }
}
