package mechsym.lab.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mechsym.lab.results.LabRun;
import mechsym.lab.results.ResultsJson;

/**
 * Adds runs made elsewhere (a colleague's results.json, an old run's folder) to a ledger, once each.
 * A file that is not a mechsym results.json, a truncated one, or one of another schema is refused
 * with one line naming it and what is wrong, and nothing of it is written; the other files still go in.
 *
 * <p>Stateless; uses the {@link Ledger} it is given from the calling thread.
 */
public final class RunImport {
    private RunImport() {}

    /** What became of one file. */
    public enum Status {
        ADDED,
        ALREADY_THERE,
        REFUSED
    }

    /**
     * One file's outcome.
     *
     * @param message for ADDED and ALREADY_THERE the run and its machine, for REFUSED the file and why
     */
    public record Outcome(Path file, Status status, String message) {}

    /** Imports each file (a results.json, or a folder holding one), in order. */
    public static List<Outcome> importRuns(Ledger ledger, List<Path> files) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Path given : files) {
            Path file = Files.isDirectory(given) ? given.resolve("results.json") : given;
            LabRun run;
            try {
                run = ResultsJson.read(file);
            } catch (IOException e) {
                outcomes.add(new Outcome(file, Status.REFUSED, oneLine(file, e)));
                continue;
            }
            if (run.environment() == null) {
                outcomes.add(new Outcome(
                        file, Status.REFUSED, file + ": no 'environment': the machine that ran it is unknown"));
                continue;
            }
            MachineFingerprint machine = MachineFingerprint.of(run.environment());
            try {
                boolean added = ledger.record(run, file, null);
                outcomes.add(new Outcome(
                        file,
                        added ? Status.ADDED : Status.ALREADY_THERE,
                        file + ": " + (added ? "added" : "already in the ledger") + " (run of " + run.startedAt()
                                + " on " + machine.machineId() + ", " + machine.label() + ")"));
            } catch (LedgerException e) {
                outcomes.add(new Outcome(file, Status.REFUSED, file + ": " + e.getMessage()));
            }
        }
        return outcomes;
    }

    /** ResultsJson's reason, which names the file; "no such file" where the file is missing. */
    private static String oneLine(Path file, IOException e) {
        String message =
                e instanceof java.nio.file.NoSuchFileException ? file + ": no such results file" : e.getMessage();
        String line = message == null
                ? file + ": cannot be read"
                : message.lines().findFirst().orElse("");
        return line.contains(file.toString()) ? line : file + ": " + line;
    }
}
