package mechsym.cli;

import mechsym.lab.ledger.LedgerLocation;
import picocli.CommandLine.Option;

/** The {@code --ledger} option every ledger command shares. */
final class LedgerOption {
    @Option(
            names = "--ledger",
            paramLabel = "FILE|URL",
            description = "the ledger: an SQLite file, or jdbc:postgresql://host[:port]/db?user=..&password=.. for one"
                    + " a team or fleet shares (default: $" + LedgerLocation.ENVIRONMENT_VARIABLE
                    + ", else ~/.mechsym/ledger.db; docs/ledger.md)")
    String ledger;

    /** The ledger chosen; a value that is neither a file nor a PostgreSQL URL is bad usage. */
    LedgerLocation location() {
        return Main.UsageError.check(() -> LedgerLocation.choose(ledger, System.getenv()));
    }
}
