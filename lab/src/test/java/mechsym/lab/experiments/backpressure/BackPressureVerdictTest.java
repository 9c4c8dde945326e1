package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Verdict;
import mechsym.lab.Verdict.Claim;
import mechsym.lab.Verdict.Outcome;
import mechsym.lab.VerdictClaims;
import mechsym.lab.experiments.backpressure.BackPressureVerdict.End;
import org.junit.jupiter.api.Test;

class BackPressureVerdictTest {
    // sized 20 ms, transaction 1 ms: the bounded line is 20 + 1 + 5 = 26 ms; capacity 2000/s
    private static BackPressureVerdict.Figures figures(
            double rejectP99, double rejectRate, double firstMedian, double lastMedian, double unboundedP99) {
        return figures(rejectP99, rejectRate, firstMedian, lastMedian, unboundedP99, End.RUNNING, -1);
    }

    private static BackPressureVerdict.Figures figures(
            double rejectP99,
            double rejectRate,
            double firstMedian,
            double lastMedian,
            double unboundedP99,
            End end,
            int exit) {
        return new BackPressureVerdict.Figures(
                20, 1, 2000, rejectP99, rejectRate, firstMedian, lastMedian, unboundedP99, end, exit);
    }

    private static Claim claim(Verdict v, String startsWith) {
        return VerdictClaims.of(v, startsWith);
    }

    @Test
    void reproducedWhenBoundedHoldsAtFullThroughputAndUnboundedGrows() {
        Verdict v = BackPressureVerdict.judge(figures(26, 1600, 30, 60, 26.1));
        assertThat(v.outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(v.reason()).contains("26.0 ms", "from 30.0 ms to 60.0 ms").doesNotContain("goal");
    }

    @Test
    void eachLineDecidesItsOwnSubClaim() {
        Verdict past = BackPressureVerdict.judge(figures(26.1, 1600, 30, 60, 100));
        assertThat(claim(past, BackPressureVerdict.BOUNDED).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(past.outcome()).isEqualTo(Outcome.PARTLY);
        Verdict shortOfThroughput = BackPressureVerdict.judge(figures(24, 1599, 30, 60, 100));
        assertThat(claim(shortOfThroughput, BackPressureVerdict.THROUGHPUT).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(claim(shortOfThroughput, BackPressureVerdict.THROUGHPUT).reason())
                .contains("80% of the measured capacity");
        // the median must double and the p99 pass the bounded line
        Verdict flat = BackPressureVerdict.judge(figures(24, 1900, 30, 59.9, 100));
        assertThat(claim(flat, BackPressureVerdict.UNBOUNDED).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        Verdict lowP99 = BackPressureVerdict.judge(figures(24, 1900, 30, 60, 26));
        assertThat(claim(lowP99, BackPressureVerdict.UNBOUNDED).outcome()).isEqualTo(Outcome.NOT_REPRODUCED);
        assertThat(BackPressureVerdict.judge(figures(200, 1000, 30, 35, 20)).outcome())
                .isEqualTo(Outcome.NOT_REPRODUCED);
    }

    @Test
    void ranOutOfHeapOnlyForTheOutOfMemoryExit() {
        Verdict oom =
                BackPressureVerdict.judge(figures(24, 1900, Double.NaN, Double.NaN, Double.NaN, End.OUT_OF_MEMORY, 3));
        assertThat(claim(oom, BackPressureVerdict.UNBOUNDED).outcome()).isEqualTo(Outcome.REPRODUCED);
        assertThat(claim(oom, BackPressureVerdict.UNBOUNDED).reason()).contains("ran out of its heap");
        // another death is no figure about memory
        Verdict died = BackPressureVerdict.judge(figures(24, 1900, 30, 900, 1000, End.DIED, 137));
        Claim unbounded = claim(died, BackPressureVerdict.UNBOUNDED);
        assertThat(unbounded.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(unbounded.reason()).contains("exit 137, not out of memory").doesNotContain("ran out of");
        assertThat(died.outcome()).isEqualTo(Outcome.PARTLY);
    }

    @Test
    void theChildRanOutOfMemoryOnlyByItsExitCodeOrItsOutOfMemoryLine() {
        assertThat(BackPressureVerdict.outOfMemory(3, List.of())).isTrue();
        assertThat(BackPressureVerdict.outOfMemory(
                        1, List.of("Terminating due to java.lang.OutOfMemoryError: Java heap space")))
                .isTrue();
        assertThat(BackPressureVerdict.outOfMemory(137, List.of("@ready 4242"))).isFalse();
        assertThat(BackPressureVerdict.outOfMemory(1, List.of("Exception in thread \"main\" java.io.IOException")))
                .isFalse();
    }

    @Test
    void inconclusiveWhenAFigureIsMissing() {
        Verdict noBounded = BackPressureVerdict.judge(figures(Double.NaN, Double.NaN, 30, 900, 1000));
        assertThat(claim(noBounded, BackPressureVerdict.BOUNDED).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(claim(noBounded, BackPressureVerdict.BOUNDED).reason()).contains("bounded+503 run at 200%");
        assertThat(claim(
                                BackPressureVerdict.judge(figures(24, 1900, Double.NaN, 900, 1000)),
                                BackPressureVerdict.UNBOUNDED)
                        .outcome())
                .isEqualTo(Outcome.INCONCLUSIVE);
        Verdict noCapacity = BackPressureVerdict.judge(
                new BackPressureVerdict.Figures(20, 1, 0, 24, 1900, 30, 900, 1000, End.RUNNING, -1));
        assertThat(noCapacity.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(noCapacity.reason()).contains("capacity");
    }
}
