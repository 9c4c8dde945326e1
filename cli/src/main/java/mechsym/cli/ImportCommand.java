package mechsym.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mechsym.lab.ledger.Ledger;
import mechsym.lab.ledger.LedgerException;
import mechsym.lab.ledger.RunImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Adds lab runs made elsewhere (a colleague's, an old one) to the ledger, once each.",
            "A run is a results.json, or the folder of a `mechsym lab` run holding one. Importing a run the",
            "ledger holds changes nothing. A file that is not a mechsym results.json (truncated, another",
            "schema) is refused with one line saying why, and nothing of it is written.",
            "Exit codes: 0 every run added or already there, 1 a file refused or the ledger not writable,",
            "2 bad usage or a missing file."
        })
final class ImportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RUN", description = "results.json files or lab run folders")
    List<Path> runs = new ArrayList<>();

    @Mixin
    LedgerOption ledgerOption;

    @Override
    public Integer call() {
        for (Path run : runs) {
            Path file = Files.isDirectory(run) ? run.resolve("results.json") : run;
            if (!Files.exists(file)) {
                throw new Main.UsageError(
                        Files.isDirectory(run) ? run + ": no results.json in this folder" : run + ": no such file");
            }
        }
        try (Ledger ledger = Ledger.open(ledgerOption.location())) {
            List<RunImport.Outcome> outcomes = RunImport.importRuns(ledger, runs);
            boolean refused = false;
            for (RunImport.Outcome o : outcomes) {
                if (o.status() == RunImport.Status.REFUSED) {
                    refused = true;
                    System.err.println("mechsym: refused " + o.message());
                } else {
                    System.out.println(o.message());
                }
            }
            return refused ? Main.EXIT_FAILED : Main.EXIT_OK;
        } catch (LedgerException e) {
            System.err.println("mechsym: " + e.getMessage());
            return Main.EXIT_FAILED;
        }
    }
}
