package mechsym.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import mechsym.lab.report.Comparison;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Side-by-side ratios of two lab runs: every measured figure both runs have, as A, B and B/A.",
            "Example: mechsym lab compare lab-results/run1/results.json lab-results/run2/results.json",
            "A run's folder (the --out of `mechsym lab`) stands for the results.json in it."
        })
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A.json", description = "the baseline run's results.json (or its folder)")
    Path a;

    @Parameters(index = "1", paramLabel = "B.json", description = "the other run's results.json (or its folder)")
    Path b;

    @Override
    public Integer call() throws Exception {
        LabRun runA;
        LabRun runB;
        try {
            a = resultsFile(a);
            b = resultsFile(b);
            runA = ResultsJson.read(a);
            runB = ResultsJson.read(b);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new Main.UsageError("no such results file: " + e.getFile());
        }
        Comparison.print(
                Comparison.compare(runA, runB),
                a + " (" + runA.startedAt() + ")",
                b + " (" + runB.startedAt() + ")",
                System.out);
        return Main.EXIT_OK;
    }

    /** A lab run's folder stands for its results.json. */
    private static Path resultsFile(Path given) {
        return java.nio.file.Files.isDirectory(given) ? given.resolve("results.json") : given;
    }
}
