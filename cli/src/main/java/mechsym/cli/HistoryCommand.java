package mechsym.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.ledger.ChangePoints;
import mechsym.lab.ledger.History;
import mechsym.lab.ledger.Ledger;
import mechsym.lab.ledger.LedgerException;
import mechsym.lab.runner.ExperimentCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Each row's verdicts and headline figures over the runs in the ledger, change points marked.",
            "Per machine and profile, oldest run first: each row's verdict and sub-claims, and the figures",
            "they were decided by; a figure that moved beyond the machine's between-run noise is marked",
            "(an exact rank test over the runs before and after it: docs/ledger.md).",
            "Exit codes: 0 shown, 1 the ledger could not be read, 2 bad usage."
        })
final class HistoryCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "ROW", description = "experiment ids (default: every row in the ledger)")
    List<String> rows = new ArrayList<>();

    @Mixin
    LedgerOption ledgerOption;

    @Option(names = "--machine", paramLabel = "ID", description = "one machine (its id, or the start of it)")
    String machine;

    @Option(
            names = "--runs",
            paramLabel = "N",
            defaultValue = "12",
            description = "the latest N runs shown (default 12)")
    int runs;

    @Option(
            names = "--window",
            paramLabel = "N",
            defaultValue = "" + ChangePoints.DEFAULT_WINDOW,
            description = "runs compared on each side of a change point (default 5; 4 to 10)")
    int window;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "also write the history as a page with a chart per figure")
    Path html;

    @Override
    public Integer call() throws Exception {
        if (!rows.isEmpty()) {
            Main.UsageError.check(() -> ExperimentCatalog.select(rows));
        }
        if (runs < 1) {
            throw new Main.UsageError("--runs " + runs + ": at least 1");
        }
        if (window < ChangePoints.MIN_SIDE || window > ChangePoints.MAX_WINDOW) {
            throw new Main.UsageError("--window " + window + ": " + ChangePoints.MIN_SIDE + " to "
                    + ChangePoints.MAX_WINDOW + " (fewer runs a side cannot reach p < 0.05 in an exact rank test;"
                    + " more make the exact test slow)");
        }
        try (Ledger ledger = Ledger.open(ledgerOption.location())) {
            List<History.Section> sections = History.read(ledger, rows, machine, runs, window);
            History.print(sections, System.out);
            if (html != null) {
                History.writeHtml(sections, html);
                System.out.println("history page: " + html);
            }
            return Main.EXIT_OK;
        } catch (LedgerException e) {
            System.err.println("mechsym: " + e.getMessage());
            return Main.EXIT_FAILED;
        }
    }
}
