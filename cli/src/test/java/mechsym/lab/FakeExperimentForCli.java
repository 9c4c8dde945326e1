package mechsym.lab;

import java.util.List;

/** A result with one measured figure, for CLI tests. */
public final class FakeExperimentForCli {
    private FakeExperimentForCli() {}

    public static ExperimentResult result(double median) {
        return result(Table.measured("t", "t")
                .column("case")
                .column("median", "ns/op")
                .row("a", median)
                .build());
    }

    /** A median in ns/op with its runs' min and max. */
    public static ExperimentResult result(double min, double median, double max) {
        return result(Table.measured("t", "t")
                .column("case")
                .column("n")
                .column("min", "ns/op")
                .column("median", "ns/op")
                .column("max", "ns/op")
                .row("a", 5, min, median, max)
                .build());
    }

    private static ExperimentResult result(Table table) {
        return new ExperimentResult(
                "fake",
                "fake",
                new Seed("000_x.txt", "post", "author", 2012),
                "claim",
                ExperimentResult.Status.OK,
                null,
                1,
                List.of(table),
                List.of(),
                List.of(),
                List.of(),
                Verdict.inconclusive("test"),
                List.of(),
                List.of());
    }
}
