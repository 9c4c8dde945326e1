package mechsym.lab.experiments.cas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FairnessTest {
    @Test
    void equalWorkIsPerfectlyFair() {
        Fairness f = Fairness.of(new long[] {500, 500, 500, 500});
        assertThat(f.jainIndex()).isCloseTo(1.0, within(1e-12));
        assertThat(f.minShare()).isEqualTo(0.25);
        assertThat(f.maxShare()).isEqualTo(0.25);
    }

    @Test
    void oneThreadDoingItAllGivesOneOverN() {
        Fairness f = Fairness.of(new long[] {0, 1_000, 0, 0});
        assertThat(f.jainIndex()).isCloseTo(0.25, within(1e-12));
        assertThat(f.minShare()).isZero();
        assertThat(f.maxShare()).isEqualTo(1.0);
    }

    @Test
    void aSkewedSplitSitsBetween() {
        Fairness f = Fairness.of(new long[] {900, 100});
        // (1000)^2 / (2 * (810000 + 10000)) = 0.6098
        assertThat(f.jainIndex()).isCloseTo(0.6098, within(1e-4));
        assertThat(f.minShare()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void slowestOverFastestIsOneWhenEvenAndZeroWhenAThreadMadeNone() {
        assertThat(Fairness.of(new long[] {500, 500}).slowestOverFastest()).isEqualTo(1.0);
        assertThat(Fairness.of(new long[] {320, 1_000, 700}).slowestOverFastest())
                .isCloseTo(0.32, within(1e-12));
        assertThat(Fairness.of(new long[] {0, 1_000}).slowestOverFastest()).isZero();
        assertThat(Fairness.of(new long[] {0, 0}).slowestOverFastest()).isEqualTo(1.0);
    }

    @Test
    void everyThreadsIncrementsAddUpToTheCounter() throws Exception {
        for (CasRun.Case c : CasRun.Case.values()) {
            CasRun.Run run = CasRun.runOnce(c, 2, 20_000, 0);
            long sum = 0;
            for (long ops : run.perThread()) {
                sum += ops;
            }
            assertThat(sum).as(c.name()).isEqualTo(run.counter());
        }
    }
}
