package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MeasureTest {

    @Test
    void theMedianAndTheWholeRangeBelowSixRepetitions() {
        Measure m = Measure.of(List.of(3.0, 1.0, 2.0), "ns");
        assertThat(m.value()).isEqualTo(2.0);
        assertThat(m.low()).isEqualTo(1.0);
        assertThat(m.high()).isEqualTo(3.0);
        assertThat(m.n()).isEqualTo(3);
        assertThat(m.confidence()).isCloseTo(0.75, within(1e-12)); // 1 - 2^(1-3)
        assertThat(m.text()).isEqualTo("2.00 ns, min–max 1.00–3.00 ns (75% CI), n=3");
    }

    @Test
    void orderStatisticsReachNinetyFivePercentFromSixRepetitions() {
        assertThat(Measure.orderStatistic(5)).isEqualTo(1);
        assertThat(Measure.coverage(5, 1)).isLessThan(Measure.LEVEL);
        assertThat(Measure.orderStatistic(6)).isEqualTo(1);
        assertThat(Measure.coverage(6, 1)).isGreaterThanOrEqualTo(Measure.LEVEL);
        // n = 20: [x(6), x(15)] covers 95.9%, [x(7), x(14)] only 88.5%
        assertThat(Measure.orderStatistic(20)).isEqualTo(6);
        assertThat(Measure.coverage(20, 6)).isCloseTo(0.9586, within(1e-4));
        double[] twenty = new double[20];
        for (int i = 0; i < 20; i++) {
            twenty[i] = 20 - i; // 20 .. 1
        }
        Measure m = Measure.of(twenty, "ns");
        assertThat(m.low()).isEqualTo(6.0);
        assertThat(m.high()).isEqualTo(15.0);
        assertThat(m.value()).isEqualTo(10.5);
        assertThat(m.text()).startsWith("10.5 ns, 95% CI 6.00–15.0 ns, n=20");
    }

    /** The interval holds the true median at least as often as it says, on skewed (log-normal) timings. */
    @Test
    void coverageOnSimulatedDrawsIsAsStated() {
        SplittableRandom random = new SplittableRandom(42);
        for (int n : new int[] {4, 6, 10, 20}) {
            int trials = 4000;
            int held = 0;
            double trueMedian = 100; // exp(ln 100 + 0.3 Z) has median 100
            double stated = 0;
            for (int t = 0; t < trials; t++) {
                double[] draws = new double[n];
                for (int i = 0; i < n; i++) {
                    draws[i] = 100 * Math.exp(0.3 * gaussian(random));
                }
                Measure m = Measure.of(draws, "ns");
                stated = m.confidence();
                if (m.low() <= trueMedian && trueMedian <= m.high()) {
                    held++;
                }
            }
            double coverage = held / (double) trials;
            assertThat(coverage).as("coverage at n=%d", n).isCloseTo(stated, within(0.02));
            if (n >= 6) {
                assertThat(coverage).as("coverage at n=%d", n).isGreaterThan(0.94);
            }
        }
    }

    @Test
    void perRepetitionRatios() {
        Measure r = Measure.ratio(List.of(2.0, 4.0, 6.0), List.of(1.0, 2.0, 2.0));
        assertThat(r.unit()).isEqualTo("x");
        assertThat(r.value()).isEqualTo(2.0);
        assertThat(r.low()).isEqualTo(2.0);
        assertThat(r.high()).isEqualTo(3.0);
        assertThat(r.text()).isEqualTo("2.00x, min–max 2.00–3.00x (75% CI), n=3");
    }

    @Test
    void sidesOfALine() {
        Measure m = Measure.of(List.of(1.6, 1.9, 2.3), "x");
        assertThat(m.side(1.5)).isEqualTo(Measure.Side.ABOVE);
        assertThat(m.side(1.6)).isEqualTo(Measure.Side.ABOVE);
        assertThat(m.side(2.0)).isEqualTo(Measure.Side.STRADDLES);
        assertThat(m.side(2.4)).isEqualTo(Measure.Side.BELOW);
        assertThat(Measure.exact(349, "bytes", 2).side(349)).isEqualTo(Measure.Side.STRADDLES);
    }

    @Test
    void refusesWhatIsNotAMeasure() {
        assertThatThrownBy(() -> Measure.of(new double[0], "ns")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measure.of(new double[] {1, Double.NaN}, "ns")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> new Measure(5, 6, 7, 0.95, 3, "ns", null)).hasMessageContaining("hold its value");
        assertThatThrownBy(() -> new Measure(5, 5, 5, 0.95, 0, "ns", null)).hasMessageContaining("repetition");
    }

    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
