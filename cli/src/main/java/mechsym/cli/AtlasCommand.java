package mechsym.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import mechsym.lab.ledger.Atlas;
import mechsym.lab.ledger.Ledger;
import mechsym.lab.ledger.LedgerException;
import mechsym.lab.runner.ExperimentCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "atlas",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Writes one self-contained HTML page of the posts across the machines in the ledger.",
            "Each post's latest verdict on every machine (and JDK, where a machine ran several), beside the",
            "posts' own machines and figures, each cell linking its run's report; each post's headline",
            "figure across machines; the machines' fingerprints side by side.",
            "Exit codes: 0 written, 1 the ledger could not be read or the page not written, 2 bad usage."
        })
final class AtlasCommand implements Callable<Integer> {
    @Mixin
    LedgerOption ledgerOption;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            defaultValue = "atlas.html",
            description = "the page (default atlas.html)")
    Path out;

    @Override
    public Integer call() {
        try (Ledger ledger = Ledger.open(ledgerOption.location())) {
            int machines = Atlas.write(ledger, ExperimentCatalog.all(), out);
            System.out.println("atlas: " + out + " (" + ExperimentCatalog.all().size() + " posts, " + machines
                    + " machine column" + (machines == 1 ? "" : "s") + " from " + ledger.location() + ")");
            return Main.EXIT_OK;
        } catch (LedgerException e) {
            System.err.println("mechsym: " + e.getMessage());
            return Main.EXIT_FAILED;
        } catch (java.io.IOException e) {
            System.err.println("mechsym: cannot write " + out + ": " + e.getMessage());
            return Main.EXIT_FAILED;
        }
    }
}
