package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.LabRun;
import mechsym.lab.Table;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static LabRun run(double a, double b) {
        FakeExperiment fake = new FakeExperiment("one", false);
        ExperimentResult result = new ExperimentResult.Builder(fake)
                .table(Table.measured("measured", "t")
                        .column("case")
                        .column("median", "ns/op")
                        .row("a", a)
                        .row("b", b)
                        .build())
                .ok(1);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    @Test
    void matchesRowsByTheirTextAndGivesBOverA() {
        List<Comparison.Line> lines = Comparison.compare(run(2.0, 10.0), run(3.0, 5.0));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).row()).isEqualTo("a");
        assertThat(lines.get(0).ratio()).isEqualTo(1.5);
        assertThat(lines.get(1).ratio()).isEqualTo(0.5);
    }

    @Test
    void seedTablesAreNotCompared() {
        assertThat(Comparison.compare(run(1, 1), run(1, 1)))
                .noneMatch(l -> l.table().startsWith("seed"));
    }
}
