package mechsym.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.report.Comparison;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsCheck;
import mechsym.lab.results.ResultsJson;
import mechsym.tools.platform.TerminalText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Lab runs side by side, judged against the machine's between-run noise.",
            "First the verdicts, sub-claims and goals whose outcome changed, then every measured figure",
            "both sides have as A, B and B/A. A figure counts as changed only when the two sides'",
            "intervals do not overlap AND B/A at their near ends (the smallest change both allow) is",
            "beyond the minimum effect: --min-effect (10% by default), or the figure's between-run",
            "noise over the ledger's last runs of the runs' machine and profile where that is larger.",
            "Then it is better, WORSE or changed; within noise otherwise; 'no spread' where a side has",
            "no noise to judge by (shown, never judged). With several runs per side the interval is",
            "that of the median over the runs (docs/statistics.md).",
            "Examples:",
            "  mechsym lab compare run1 run2",
            "  mechsym lab compare A1 A2 A3 -- B1 B2      (several runs per side)",
            "  mechsym lab compare --baseline ledger B    (A: the last runs of B's machine in the ledger; each",
            "                                             figure's minimum effect: its noise over those runs)",
            "A run's folder (the --out of `mechsym lab`) stands for the results.json in it.",
            "Exit codes: 0 no change beyond noise; 3 a figure worse (or changed where its unit does not",
            "say which way is better) beyond noise, or a sub-claim or verdict flipped between REPRODUCED",
            "and NOT REPRODUCED (to gate a CI); 2 bad usage or a missing file; 1 a file that is not a",
            "lab run's results or is damaged (no experiments, a figure turned into text, an absurd value)."
        })
final class CompareCommand implements Callable<Integer> {
    @Parameters(
            arity = "1..*",
            paramLabel = "RUN",
            description = "A's runs, then B's: two runs (A B), or A1 A2 ... -- B1 B2 ...; with --baseline ledger,"
                    + " B alone; each a results.json or its folder")
    List<String> runs;

    @Option(
            names = "--json",
            description = "print the comparison as JSON (outcome changes, every figure with its ranges and change)")
    boolean json;

    @Option(
            names = "--baseline",
            paramLabel = "ledger",
            description = "ledger: compare the one run given with the last --runs runs of its machine and profile in"
                    + " the ledger; a figure's minimum effect is then its between-run noise over those runs"
                    + " ((max - min) / median), the --min-effect where fewer than two runs have it")
    String baseline;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "how many of the machine's last runs in the ledger (default 10): the baseline with --baseline"
                    + " ledger, else whose between-run noise sets a figure's minimum effect where larger")
    int baselineRuns = mechsym.lab.ledger.LedgerBaseline.DEFAULT_RUNS;

    @picocli.CommandLine.Mixin
    LedgerOption ledgerOption;

    @Option(
            names = "--min-effect",
            paramLabel = "PERCENT",
            description = "the smallest change of B/A that counts, e.g. 10% or 0.1 (default 10%)")
    String minEffect = "10%";

    @Override
    public Integer call() throws Exception {
        double effect = parseEffect(minEffect);
        List<Path> sideA = new ArrayList<>();
        List<Path> sideB = new ArrayList<>();
        if (baseline != null) {
            return againstLedger(effect);
        }
        split(runs, sideA, sideB);
        List<LabRun> runsA = new ArrayList<>();
        List<LabRun> runsB = new ArrayList<>();
        try {
            for (int i = 0; i < sideA.size(); i++) {
                sideA.set(i, resultsFile(sideA.get(i)));
                runsA.add(read(sideA.get(i)));
            }
            for (int i = 0; i < sideB.size(); i++) {
                sideB.set(i, resultsFile(sideB.get(i)));
                runsB.add(read(sideB.get(i)));
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new Main.UsageError("no such results file: " + TerminalText.escape(e.getFile()));
        }
        for (int i = 0; i < runsA.size(); i++) {
            for (LabRun b : runsB) {
                List<String> notNumbers = Comparison.notNumbers(runsA.get(i), b);
                if (!notNumbers.isEmpty()) {
                    System.err.println("mechsym: "
                            + TerminalText.escape(sideA.get(i) + " and " + sideB.get(runsB.indexOf(b))
                                    + ": " + notNumbers.size() + " measured figure"
                                    + (notNumbers.size() == 1 ? " is" : "s are")
                                    + " a number in one run and text in the other (a damaged file), e.g. "
                                    + notNumbers.getFirst()));
                    return Main.EXIT_FAILED;
                }
            }
        }
        List<LabRun> all = new ArrayList<>(runsA);
        all.addAll(runsB);
        Comparison.MinEffect minEffect = Comparison.MinEffect.constant(effect);
        String minEffectSource = null;
        try {
            var history = mechsym.lab.ledger.LedgerBaseline.forComparing(ledgerOption.location(), all, baselineRuns);
            if (history.isPresent() && history.get().runs().size() >= 2) {
                var known = history.get();
                // a change smaller than the figure's own between-run noise on this machine is not a change
                minEffect = (experiment, table, row, column) -> Math.max(
                        effect,
                        known.relativeSpreadOr(
                                new mechsym.lab.ledger.FigureKey(experiment, table, row, column), effect));
                minEffectSource = String.format(
                        java.util.Locale.ROOT,
                        "minimum effect: %.0f%%, or a figure's between-run noise where larger ((max - min) / median"
                                + " over the ledger's last %d runs of this machine and profile, %s)",
                        effect * 100,
                        known.runs().size(),
                        where(ledgerOption.location()));
            }
        } catch (mechsym.lab.ledger.LedgerException e) {
            System.err.println(
                    "mechsym: the ledger's between-run noise is not used: " + TerminalText.escape(e.getMessage()));
        }
        List<Comparison.Line> lines = Comparison.compare(runsA, runsB, minEffect);
        if (lines.isEmpty()) {
            List<String> missing = Comparison.notNumbers(runsA.getFirst(), runsB.getFirst(), true);
            if (!missing.isEmpty()) {
                // every figure the runs share is a number on one side only: a damaged file, not a pass
                System.err.println(TerminalText.escape("mechsym: no figure to compare: " + missing.size()
                        + " measured figure" + (missing.size() == 1 ? " is" : "s are")
                        + " a number in one run only, e.g. " + missing.getFirst()));
                return Main.EXIT_FAILED;
            }
        }
        List<Comparison.OutcomeChange> outcomes = Comparison.outcomeChanges(runsA, runsB);
        List<String> namesA = names(sideA, runsA);
        List<String> namesB = names(sideB, runsB);
        if (json) {
            Comparison.printJson(lines, outcomes, namesA, namesB, System.out);
        } else {
            if (minEffectSource != null) {
                System.out.println(minEffectSource);
            }
            Comparison.print(lines, outcomes, namesA, namesB, calibrations(runsA), calibrations(runsB), System.out);
        }
        return Comparison.changedBeyondNoise(lines, outcomes) ? Main.EXIT_WORSE : Main.EXIT_OK;
    }

    private static String where(mechsym.lab.ledger.LedgerLocation location) {
        return TerminalText.escape(location.toString());
    }

    /**
     * {@code --baseline ledger B}: A is the last runs of B's machine and profile that the ledger
     * recorded (their results.json files, where they still are), and each figure's minimum effect is
     * its between-run noise over them.
     */
    private int againstLedger(double defaultEffect) throws Exception {
        if (!baseline.equals("ledger")) {
            throw new Main.UsageError("--baseline " + TerminalText.escape(baseline) + ": expected 'ledger'");
        }
        if (runs.size() != 1 || runs.contains("--")) {
            throw new Main.UsageError(
                    "lab compare --baseline ledger takes one run (B): its baseline comes from the ledger");
        }
        if (baselineRuns < 1) {
            throw new Main.UsageError("--runs " + baselineRuns + ": expected at least 1");
        }
        Path fileB = resultsFile(Path.of(runs.getFirst()));
        LabRun runB;
        try {
            runB = read(fileB);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new Main.UsageError("no such results file: " + TerminalText.escape(e.getFile()));
        }
        mechsym.lab.ledger.LedgerLocation where = ledgerOption.location();
        mechsym.lab.ledger.LedgerBaseline history = mechsym.lab.ledger.LedgerBaseline.forRun(where, runB, baselineRuns);
        List<Path> filesA = new ArrayList<>();
        List<LabRun> runsA = new ArrayList<>();
        for (Path file : history.resultsFiles()) {
            if (file == null || !Files.isRegularFile(file)) {
                continue; // a run recorded elsewhere, or whose folder is gone: its figures are in the noise still
            }
            try {
                runsA.add(read(file));
                filesA.add(file);
            } catch (java.io.IOException e) {
                System.err.println("mechsym: baseline run skipped: " + TerminalText.escape(e.getMessage()));
            }
        }
        if (runsA.isEmpty()) {
            System.err.println(
                    "mechsym: the ledger " + TerminalText.escape(where.toString()) + " has no earlier run of this"
                            + " machine and profile whose results.json is readable here ("
                            + history.runs().size()
                            + " recorded): nothing to compare against");
            return Main.EXIT_FAILED;
        }
        Comparison.MinEffect noise = (experiment, table, row, column) -> history.relativeSpreadOr(
                new mechsym.lab.ledger.FigureKey(experiment, table, row, column), defaultEffect);
        List<Comparison.Line> lines = Comparison.compare(runsA, List.of(runB), noise);
        List<Comparison.OutcomeChange> outcomes = Comparison.outcomeChanges(runsA, List.of(runB));
        List<String> namesA = names(filesA, runsA);
        List<String> namesB = names(List.of(fileB), List.of(runB));
        if (json) {
            Comparison.printJson(lines, outcomes, namesA, namesB, System.out);
        } else {
            System.out.println("baseline: the last " + runsA.size() + " runs of this machine and profile in the ledger "
                    + TerminalText.escape(where.toString()) + "; a figure's minimum effect is its spread over them"
                    + String.format(java.util.Locale.ROOT, " (%.0f%% where unknown)", defaultEffect * 100));
            Comparison.print(
                    lines, outcomes, namesA, namesB, calibrations(runsA), calibrations(List.of(runB)), System.out);
        }
        return Comparison.changedBeyondNoise(lines, outcomes) ? Main.EXIT_WORSE : Main.EXIT_OK;
    }

    /** Two runs are A and B; more are split at "--", A's before it, B's after. */
    static void split(List<String> runs, List<Path> sideA, List<Path> sideB) {
        int separator = runs.indexOf("--");
        if (separator < 0) {
            if (runs.size() != 2) {
                throw new Main.UsageError("lab compare: " + runs.size() + " runs given without '--': give two runs"
                        + " (A B), or A's runs, then --, then B's (A1 A2 -- B1 B2)");
            }
            sideA.add(Path.of(runs.get(0)));
            sideB.add(Path.of(runs.get(1)));
            return;
        }
        if (runs.lastIndexOf("--") != separator || separator == 0 || separator == runs.size() - 1) {
            throw new Main.UsageError("lab compare: one '--' between A's runs and B's, each side at least one run");
        }
        runs.subList(0, separator).forEach(r -> sideA.add(Path.of(r)));
        runs.subList(separator + 1, runs.size()).forEach(r -> sideB.add(Path.of(r)));
    }

    static double parseEffect(String text) {
        String t = text.trim();
        try {
            double value = t.endsWith("%")
                    ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100
                    : Double.parseDouble(t);
            if (!(value >= 0 && value < 10)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new Main.UsageError("--min-effect " + TerminalText.escape(text)
                    + ": expected a percentage such as 10% or a fraction such as 0.1");
        }
    }

    /** A lab run's folder stands for its results.json. */
    private static Path resultsFile(Path given) {
        return Files.isDirectory(given) ? given.resolve("results.json") : given;
    }

    private static LabRun read(Path file) throws java.io.IOException {
        LabRun run = ResultsJson.read(file);
        ResultsCheck.validate(run, file);
        return run;
    }

    private static List<String> names(List<Path> paths, List<LabRun> runs) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            names.add(paths.get(i) + " (" + runs.get(i).startedAt() + ")");
        }
        return names;
    }

    private static List<String> calibrations(List<LabRun> runs) {
        return runs.stream()
                .map(r -> r.calibration() == null ? null : r.calibration().text())
                .toList();
    }
}
