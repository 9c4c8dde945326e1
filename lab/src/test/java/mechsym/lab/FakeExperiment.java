package mechsym.lab;

import java.util.List;

/** A tiny experiment for runner and report tests: one seed table, one measured table, one chart. */
public final class FakeExperiment implements Experiment {
    private final String id;
    private final boolean fail;

    public FakeExperiment(String id, boolean fail) {
        this.id = id;
        this.fail = fail;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String title() {
        return "fake " + id;
    }

    @Override
    public Seed seed() {
        return new Seed("000_test.txt", "A Post", "An Author", 2012);
    }

    @Override
    public String claim() {
        return "a is cheaper than b";
    }

    @Override
    public List<Table> seedFigures() {
        return List.of(Table.seed("seed", "seed figures", "Seed Machine")
                .column("case")
                .column("median", "ns/op")
                .row("a", 1.0)
                .row("b", 10.0)
                .build());
    }

    @Override
    public void run(RunContext context, ExperimentResult.Builder result) {
        if (fail) {
            throw new IllegalStateException("boom in " + id);
        }
        result.table(Table.measured("measured", "our figures")
                .column("case")
                .summaryColumns("ns/op")
                .row("a", Summary.of(1.5, 2.0, 2.5))
                .row("b", Summary.of(20.0, 21.0, 22.0))
                .build());
        result.chart(Chart.bar("cases", "ns by case", List.of("seed", "measured"), "case", "median", null, "ns/op")
                .withLogY());
        result.chart(Chart.line("line", "line chart", List.of("measured"), "median", "max", null, "ns/op"));
        result.headline("a 2.0 ns, b 21.0 ns");
        result.verdict(Verdict.fromClaims(List.of(
                Verdict.Claim.judge(
                        "a is cheaper than b", true, Measure.exact(1, "orderings seen", 3), "a 2.0 ns, b 21.0 ns"),
                Verdict.Claim.notMeasurableHere("cross socket", "two sockets", "one socket here"))));
        result.goal(Goal.judge(
                "a within 2 ns", false, Measure.exact(2, "ns", 3), "a 2.0 ns (median), the bar 2 ns excluded"));
    }
}
