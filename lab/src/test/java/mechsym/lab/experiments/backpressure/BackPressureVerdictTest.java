package mechsym.lab.experiments.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.Verdict;
import org.junit.jupiter.api.Test;

class BackPressureVerdictTest {
    // sized 20 ms, transaction 1 ms: the bounded line is 20 + 1 + 5 = 26 ms
    private static BackPressureVerdict.Figures figures(
            double rejectP99,
            double rejectRate,
            double firstMedian,
            double lastMedian,
            double unboundedP99,
            boolean oom) {
        return new BackPressureVerdict.Figures(
                20, 1, 2000, rejectP99, rejectRate, firstMedian, lastMedian, unboundedP99, oom);
    }

    @Test
    void reproducedWhenBoundedHoldsAtFullThroughputAndUnboundedGrows() {
        Verdict v = BackPressureVerdict.judge(figures(24, 1900, 30, 900, 1000, false));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("24.0 ms", "26.0 ms", "from 30.0 ms to 900.0 ms");
    }

    @Test
    void reproducedWhenTheUnboundedServerHitItsMemoryCap() {
        Verdict v = BackPressureVerdict.judge(figures(24, 1900, Double.NaN, Double.NaN, Double.NaN, true));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.REPRODUCED);
        assertThat(v.reason()).contains("ran out of its heap");
    }

    @Test
    void partlyWhenTheBoundedP99GoesPastItsLine() {
        Verdict v = BackPressureVerdict.judge(figures(27, 1900, 30, 900, 1000, false));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).startsWith("the bounded queue's p99 went past its line");
    }

    @Test
    void partlyWhenTheBoundedRunFallsShortOfFullThroughput() {
        Verdict v = BackPressureVerdict.judge(figures(24, 1500, 30, 900, 1000, false));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).startsWith("the bounded run fell short of full throughput");
    }

    @Test
    void partlyWhenTheUnboundedLatencyDoesNotGrow() {
        Verdict v = BackPressureVerdict.judge(figures(24, 1900, 30, 50, 1000, false));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PARTLY);
        assertThat(v.reason()).startsWith("the unbounded queue's latency did not grow");
    }

    @Test
    void notReproducedWhenNeitherSideShowsIt() {
        Verdict v = BackPressureVerdict.judge(figures(200, 1900, 30, 35, 20, false));
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NOT_REPRODUCED);
    }

    @Test
    void inconclusiveWhenAFigureIsMissing() {
        assertThat(BackPressureVerdict.judge(figures(Double.NaN, 1900, 30, 900, 1000, false))
                        .reason())
                .contains("bounded+503 run at 200%");
        assertThat(BackPressureVerdict.judge(figures(24, 1900, Double.NaN, 900, 1000, false))
                        .outcome())
                .isEqualTo(Verdict.Outcome.INCONCLUSIVE);
        assertThat(BackPressureVerdict.judge(new BackPressureVerdict.Figures(20, 1, 0, 24, 1900, 30, 900, 1000, false))
                        .reason())
                .contains("capacity");
    }
}
