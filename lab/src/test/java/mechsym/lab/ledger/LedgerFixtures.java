package mechsym.lab.ledger;

import java.util.ArrayList;
import java.util.List;
import mechsym.lab.Environment;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Goal;
import mechsym.lab.Measure;
import mechsym.lab.Seed;
import mechsym.lab.Summary;
import mechsym.lab.Table;
import mechsym.lab.Verdict;
import mechsym.lab.results.LabRun;

/** Synthetic lab runs for the ledger's tests: machines told apart by their CPU, figures chosen by the test. */
final class LedgerFixtures {
    private LedgerFixtures() {}

    static Environment machine(String cpu, int cpus, String jdkVersion) {
        return new Environment(
                cpu + ", 2900 MHz, L1d 48K",
                cpus,
                8L << 30,
                "Linux",
                "6.1.0",
                "Eclipse Adoptium",
                jdkVersion,
                "OpenJDK 64-Bit Server VM",
                List.of("G1 Young Generation"),
                List.of("-Xmx1g"),
                "madvise",
                "not exposed",
                "not running",
                "0-" + (cpus - 1),
                false,
                0.1,
                true,
                "not available",
                List.of(),
                "jctools 4.0.7",
                "g++ 14",
                "not exposed",
                "not exposed",
                "1 socket, " + cpus + " cores, 1 thread per core, NUMA nodes: 1");
    }

    /**
     * A run of the given experiments on {@code environment}, each with one sub-claim decided by a
     * ratio measured as {@code ratio} (five rounds spread 5% about it, judged at least 2x) and one
     * summary table.
     */
    static LabRun run(Environment environment, String startedAt, double ratio, String... experimentIds) {
        List<ExperimentResult> results = new ArrayList<>();
        for (String id : experimentIds) {
            results.add(experiment(id, ratio));
        }
        return new LabRun(
                LabRun.SCHEMA,
                "0.1.0-test",
                startedAt,
                12.5,
                "tiny",
                "mechsym lab --profile tiny",
                environment,
                results);
    }

    static ExperimentResult experiment(String id, double ratio) {
        List<Double> rounds = List.of(ratio * 0.95, ratio * 0.98, ratio, ratio * 1.02, ratio * 1.05, ratio * 1.01);
        Measure measure = Measure.of(rounds, "x");
        Verdict.Claim claim = Verdict.Claim.atLeast("volatile at least 2x dearer", measure, 2.0, "volatile/lazy");
        Verdict verdict = Verdict.fromClaims(List.of(
                claim, Verdict.Claim.notMeasurableHere("cross-socket costs more", "two sockets", "one socket here")));
        Goal goal = Goal.atMost(
                "core within 10% of JCTools",
                Measure.of(List.of(1.0, 1.01, 1.02, 0.99, 1.0, 1.03), "x"), 1.1, "core/JCTools");
        Table seed = Table.seed("seed", "the post's figures", "Intel i7-860 (Nehalem)")
                .column("case")
                .column("ns/op", "ns")
                .row("volatile", 20.0)
                .build();
        Table measured = Table.measured("measured", "ns per op")
                .column("case")
                .summaryColumns("ns")
                .row("volatile", Summary.of(ratio * 9, ratio * 10, ratio * 11))
                .row("lazy", Summary.of(4.5, 5.0, 5.5))
                .build();
        return new ExperimentResult(
                id,
                "title of " + id,
                new Seed("004_post.txt", "A post", "An Author", 2011),
                "the claim of " + id,
                ExperimentResult.Status.OK,
                null,
                3.0,
                List.of(seed, measured),
                List.of(),
                List.of("headline"),
                List.of(),
                verdict,
                List.of(goal),
                List.of());
    }
}
