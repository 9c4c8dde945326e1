package mechsym.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.tools.latency.LatencySummary;
import org.junit.jupiter.api.Test;

class PercentilesTest {
    private static final LatencySummary SUMMARY = new LatencySummary(
            10, 1_000, 2_000, 1_500_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 6_000_000, null);

    @Test
    void takesP50P99P999AndMaxOfASummaryInTheGivenUnit() {
        assertThat(Percentiles.of(SUMMARY, nanos -> nanos / 1e6)).isEqualTo(new Percentiles(1.5, 3, 4, 6));
    }

    @Test
    void fillsTheFourPercentileColumnsBetweenTheOtherCells() {
        Table t = Table.measured("latency", "latency")
                .column("case")
                .percentileColumns("ms")
                .column("lost")
                .row("a", new Percentiles(1, 2, 3, 4), 0)
                .row("b", Percentiles.MISSING, 5)
                .build();
        assertThat(t.columns().stream().map(c -> c.name() + " " + c.unit()))
                .containsExactly("case null", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "lost null");
        assertThat(t.rows().get(0)).containsExactly("a", 1.0, 2.0, 3.0, 4.0, 0);
        List<Object> missing = t.rows().get(1);
        assertThat(missing.subList(1, 5))
                .allSatisfy(cell -> assertThat((Double) cell).isNaN());
        assertThat(missing.get(5)).isEqualTo(5);
        assertThat(missing.get(0)).isEqualTo("b");
    }
}
