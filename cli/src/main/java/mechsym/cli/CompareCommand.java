package mechsym.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.report.Comparison;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Side-by-side ratios of two lab runs, each judged against its noise.",
            "Every measured figure both runs have, as A, B and B/A, each judged against its noise where",
            "the results give it (a median against its runs' min-max, a JMH score against its error):",
            "within noise, better, WORSE, changed, or no spread.",
            "Example: mechsym lab compare lab-results/run1/results.json lab-results/run2/results.json",
            "A run's folder (the --out of `mechsym lab`) stands for the results.json in it.",
            "Exit codes: 0 nothing worse beyond noise, 3 a figure got worse beyond noise (to gate a CI),",
            "2 bad usage or a missing file, 1 a file that is not a lab run's results (or whose figures",
            "are not numbers where the other run's are)."
        })
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A.json", description = "the baseline run's results.json (or its folder)")
    Path a;

    @Parameters(index = "1", paramLabel = "B.json", description = "the other run's results.json (or its folder)")
    Path b;

    @Option(
            names = "--json",
            description = "print the comparison as JSON (every figure with its noise ranges and change)")
    boolean json;

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
        List<Comparison.Line> lines = Comparison.compare(runA, runB);
        List<String> notNumbers = Comparison.notNumbers(runA, runB);
        if (lines.isEmpty() && !notNumbers.isEmpty()) {
            // every figure the runs share is a number on one side only: a corrupt file, not a pass
            System.err.println("mechsym: no figure to compare: " + notNumbers.size() + " measured figure"
                    + (notNumbers.size() == 1 ? " is" : "s are") + " a number in one run only, e.g. "
                    + notNumbers.getFirst());
            return Main.EXIT_FAILED;
        }
        String nameA = a + " (" + runA.startedAt() + ")";
        String nameB = b + " (" + runB.startedAt() + ")";
        if (json) {
            Comparison.printJson(lines, nameA, nameB, System.out);
        } else {
            Comparison.print(lines, nameA, nameB, System.out);
        }
        return Comparison.worse(lines).isEmpty() ? Main.EXIT_OK : Main.EXIT_WORSE;
    }

    /** A lab run's folder stands for its results.json. */
    private static Path resultsFile(Path given) {
        return java.nio.file.Files.isDirectory(given) ? given.resolve("results.json") : given;
    }
}
