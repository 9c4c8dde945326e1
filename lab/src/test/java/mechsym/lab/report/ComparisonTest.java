package mechsym.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.FakeExperiment;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
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

    private static LabRun run(Table table) {
        ExperimentResult result = new ExperimentResult.Builder(new FakeExperiment("one", false))
                .table(table)
                .ok(1);
        return new LabRun(LabRun.SCHEMA, "test", "now", 1, "tiny", "cmd", Environment.probe(), List.of(result));
    }

    private static Table byCapacity(int firstCapacity, double first, int secondCapacity, double second) {
        return Table.measured("capacity", "t")
                .column("capacity", "elements")
                .column("n")
                .column("median", "elements/µs")
                .row(firstCapacity, 5, first)
                .row(secondCapacity, 5, second)
                .build();
    }

    @Test
    void rowsKeyedByAWholeNumberMatchByIt() {
        List<Comparison.Line> lines = Comparison.compare(
                run(byCapacity(1024, 100.0, 16384, 300.0)), run(byCapacity(16384, 600.0, 1024, 50.0)));
        assertThat(lines)
                .extracting(Comparison.Line::row, Comparison.Line::column, Comparison.Line::ratio)
                .containsExactly(tuple("1024", "median", 0.5), tuple("16384", "median", 2.0));
    }

    /** Two G1 runs, keyed by the same text: only their order tells them apart. */
    private static Table twoG1Runs(double first, double second) {
        return Table.measured("runs", "t")
                .column("configuration")
                .column("duration", "ms")
                .row("G1", first)
                .row("G1", second)
                .build();
    }

    @Test
    void rowsWhoseKeysRepeatMatchInOrder() {
        assertThat(Comparison.compare(run(twoG1Runs(10.0, 20.0)), run(twoG1Runs(30.0, 10.0))))
                .extracting(Comparison.Line::row, Comparison.Line::ratio)
                .containsExactly(tuple("G1", 3.0), tuple("G1 (2)", 0.5));
    }

    /** One cache level's latency in cycles and in ns: two columns named alike. */
    private static Table latencies(int cycles, double ns) {
        return Table.measured("levels", "t")
                .column("level")
                .column("latency", "cycles")
                .column("latency", "ns")
                .row("L1", cycles, ns)
                .build();
    }

    @Test
    void columnsOfTheSameNameMatchInOrder() {
        assertThat(Comparison.compare(run(latencies(4, 1.0)), run(latencies(8, 3.0))))
                .extracting(Comparison.Line::unit, Comparison.Line::ratio)
                .containsExactly(tuple("cycles", 2.0), tuple("ns", 3.0));
    }

    @Test
    void seedTablesAreNotCompared() {
        assertThat(Comparison.compare(run(1, 1), run(1, 1)))
                .noneMatch(l -> l.table().startsWith("seed"));
    }
}
