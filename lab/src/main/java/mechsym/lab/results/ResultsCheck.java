package mechsym.lab.results;

import java.io.IOException;
import java.nio.file.Path;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;

/**
 * Checks that a results file read back is a lab run's results and not a damaged one, before anything
 * judges it (a comparison, the ledger): it has experiments, its measured figures are numbers of a
 * sane magnitude, and its judged measures hold their own values.
 */
public final class ResultsCheck {
    /** Beyond this magnitude a figure is no measurement (1e15 ns is eleven days; 1e15 ops/s no machine). */
    public static final double ABSURD = 1e15;

    private ResultsCheck() {}

    /**
     * @throws IOException naming the file and the first fault: no experiments, a figure that is not a
     *     finite number of sane magnitude, a measure whose interval does not hold its value
     */
    public static void validate(LabRun run, Path file) throws IOException {
        if (run.experiments().isEmpty()) {
            throw new IOException(file + ": not a lab run's results: 'experiments' is empty");
        }
        for (ExperimentResult e : run.experiments()) {
            for (Table t : e.tables()) {
                for (int r = 0; r < t.rows().size(); r++) {
                    for (int c = 0; c < t.columns().size(); c++) {
                        Object cell = t.rows().get(r).get(c);
                        if (cell instanceof Number n
                                && (!Double.isFinite(n.doubleValue()) || Math.abs(n.doubleValue()) >= ABSURD)) {
                            throw new IOException(file + ": experiment '" + e.id() + "', table '" + t.id() + "', row "
                                    + (r + 1) + ", column '"
                                    + t.columns().get(c).name() + "': " + n
                                    + " is no measurement (beyond " + ABSURD + ")");
                        }
                    }
                }
            }
            var measured = e.tables().stream()
                    .filter(t -> t.source() == Table.Source.MEASURED)
                    .toList();
            if (e.status() == ExperimentResult.Status.OK
                    && !measured.isEmpty()
                    && measured.stream().allMatch(t -> t.rows().isEmpty())) {
                throw new IOException(file + ": experiment '" + e.id() + "' ran but every measured table is empty");
            }
            if (e.verdict() != null) {
                for (var claim : e.verdict().claims()) {
                    checkMeasure(file, e.id(), claim.claim(), claim.measure());
                }
            }
            for (var goal : e.goals()) {
                checkMeasure(file, e.id(), goal.goal(), goal.measure());
            }
        }
    }

    private static void checkMeasure(Path file, String experiment, String what, mechsym.lab.Measure m)
            throws IOException {
        if (m != null
                && (Math.abs(m.value()) >= ABSURD || Math.abs(m.low()) >= ABSURD || Math.abs(m.high()) >= ABSURD)) {
            throw new IOException(file + ": experiment '" + experiment + "', '" + what + "': measure " + m.value()
                    + " is no measurement (beyond " + ABSURD + ")");
        }
    }
}
