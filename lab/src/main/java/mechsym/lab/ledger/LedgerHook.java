package mechsym.lab.ledger;

import java.nio.file.Path;
import mechsym.lab.results.LabRun;

/**
 * Records a finished lab run in the ledger, after its results.json is written. It never fails the
 * run: a ledger that is locked, corrupt, read-only, unreachable or from a newer mechsym costs one
 * warning naming it and why, and the run exits as it would have. Stateless.
 */
public final class LedgerHook {
    private LedgerHook() {}

    /**
     * Records {@code run} and says how it went in one line: "ledger: ..." when recorded, or a warning
     * starting "warning: ledger ..." when it was not.
     */
    public static String record(LabRun run, Path resultsFile, LedgerLocation location, String commit) {
        try (Ledger ledger = Ledger.open(location)) {
            MachineFingerprint machine = MachineFingerprint.of(run.environment());
            boolean added = ledger.record(run, resultsFile, commit);
            int runs = ledger.runs(machine.machineId()).size();
            return "ledger: " + (added ? "recorded in " : "already in ") + location + " (machine "
                    + machine.machineId() + ", " + runs + " run" + (runs == 1 ? "" : "s")
                    + "; mechsym lab history lists them)";
        } catch (LedgerException e) {
            return "warning: " + e.getMessage() + "; results.json is complete, run `mechsym lab import "
                    + resultsFile.getParent() + "` once the ledger is fixed";
        } catch (RuntimeException | LinkageError e) {
            // a driver that cannot load its native library, a bug: the run's own record is safe all the same
            return "warning: ledger " + location + ": run not recorded (" + LedgerException.why(e) + ")";
        }
    }
}
