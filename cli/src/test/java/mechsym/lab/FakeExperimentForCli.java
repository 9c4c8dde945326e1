package mechsym.lab;

import java.util.List;

/** A result with one measured figure, for CLI tests. */
public final class FakeExperimentForCli {
    private FakeExperimentForCli() {}

    public static ExperimentResult result(double median) {
        return new ExperimentResult(
                "fake",
                "fake",
                new Seed("000_x.txt", "post", "author", 2012),
                "claim",
                ExperimentResult.Status.OK,
                null,
                1,
                List.of(Table.measured("t", "t")
                        .column("case")
                        .column("median", "ns/op")
                        .row("a", median)
                        .build()),
                List.of(),
                List.of(),
                List.of(),
                Verdict.inconclusive("test"));
    }
}
