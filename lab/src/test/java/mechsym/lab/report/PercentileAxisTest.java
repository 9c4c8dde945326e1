package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The percentile chart's axis: each added nine one decade further, labelled back as percentiles. */
class PercentileAxisTest {
    @Test
    void placesPercentilesAtOneOverOneMinusP() {
        assertThat(ChartRenderer.percentileAxis(50)).isCloseTo(2, within(1e-9));
        assertThat(ChartRenderer.percentileAxis(99)).isCloseTo(100, within(1e-6));
        assertThat(ChartRenderer.percentileAxis(99.99)).isCloseTo(10_000, within(1e-3));
        assertThat(ChartRenderer.percentileAxis(100)).isFinite(); // max has no place: clamped
    }

    @Test
    void labelsTheAxisAsPercentiles() {
        assertThat(ChartRenderer.percentileLabel(10)).isEqualTo("90%");
        assertThat(ChartRenderer.percentileLabel(1000)).isEqualTo("99.9%");
    }
}
