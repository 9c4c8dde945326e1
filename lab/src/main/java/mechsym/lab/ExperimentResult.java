package mechsym.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * What one experiment produced in one lab run: its identity, tables (the seed's first, then ours),
 * charts drawn from those tables, headlines for the terminal, notes, the verdict on the post's claim
 * and, apart from it, mechsym's own goals.
 *
 * @param status OK, or FAILED with {@code error} saying why (the other experiments still run)
 * @param seconds wall-clock time the experiment took
 * @param failedParts the parts of an experiment that ran OK which failed on their own (a remote
 *     server's measurement), each saying what and why; the rest of the result, its verdict and goals
 *     included, stands
 */
public record ExperimentResult(
        String id,
        String title,
        Seed seed,
        String claim,
        Status status,
        String error,
        double seconds,
        List<Table> tables,
        List<Chart> charts,
        List<String> headlines,
        List<String> notes,
        Verdict verdict,
        List<Goal> goals,
        List<FailedPart> failedParts) {

    /**
     * A part of an experiment that failed while the rest of it ran: {@code part} names it ("remote
     * gateway http://10.0.0.2:8080"), {@code error} says why in one line.
     */
    public record FailedPart(String part, String error) {
        public FailedPart {
            Required.field(part, "part");
            Required.field(error, "error");
        }
    }

    public enum Status {
        OK,
        FAILED
    }

    public ExperimentResult {
        Required.field(id, "id");
        tables = Required.uniqueIds(Required.entries(tables, "tables"), Table::id, "tables");
        charts = Required.entries(charts, "charts");
        headlines = Required.entries(headlines, "headlines");
        notes = Required.entries(notes, "notes");
        goals = goals == null ? List.of() : Required.entries(goals, "goals");
        failedParts = failedParts == null ? List.of() : Required.entries(failedParts, "failedParts");
    }

    /** The table with this id, or null. */
    public Table table(String tableId) {
        return tables.stream().filter(t -> t.id().equals(tableId)).findFirst().orElse(null);
    }

    /** Collects an experiment's output while it runs. */
    public static final class Builder {
        private final Experiment experiment;
        private final List<Table> tables = new ArrayList<>();
        private final List<Chart> charts = new ArrayList<>();
        private final List<String> headlines = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private Verdict verdict;
        private final List<Goal> goals = new ArrayList<>();
        private final List<FailedPart> failedParts = new ArrayList<>();

        public Builder(Experiment experiment) {
            this.experiment = experiment;
            tables.addAll(experiment.seedFigures());
        }

        public Builder table(Table table) {
            if (tables.stream().anyMatch(t -> t.id().equals(table.id()))) {
                throw new IllegalArgumentException(
                        "experiment " + experiment.id() + ": duplicate table id " + table.id());
            }
            tables.add(table);
            return this;
        }

        public Builder chart(Chart chart) {
            charts.add(chart);
            return this;
        }

        /** A one-line result for the terminal summary, e.g. "LINEAR_WALK long[]: 0.9 ns/op". */
        public Builder headline(String line) {
            headlines.add(line);
            return this;
        }

        /** A sentence for the report: a caveat, what was not available, how to read a figure. */
        public Builder note(String note) {
            notes.add(note);
            return this;
        }

        public Builder verdict(Verdict verdict) {
            this.verdict = verdict;
            return this;
        }

        /** One of mechsym's goals, judged from this run's figures; reported beside the verdict. */
        public Builder goal(Goal goal) {
            goals.add(goal);
            return this;
        }

        /**
         * Records that {@code part} failed, {@code error} saying why in one line; the experiment goes
         * on and its other tables, verdict and goals stand (see {@code mechsym.lab.remote.RemotePart}).
         */
        public Builder partFailed(String part, String error) {
            failedParts.add(new FailedPart(part, error));
            return this;
        }

        public ExperimentResult ok(double seconds) {
            return new ExperimentResult(
                    experiment.id(),
                    experiment.title(),
                    experiment.seed(),
                    experiment.claim(),
                    Status.OK,
                    null,
                    seconds,
                    tables,
                    charts,
                    headlines,
                    notes,
                    verdict != null ? verdict : Verdict.inconclusive("the experiment stated no verdict"),
                    goals,
                    failedParts);
        }

        public ExperimentResult failed(double seconds, String error) {
            return new ExperimentResult(
                    experiment.id(),
                    experiment.title(),
                    experiment.seed(),
                    experiment.claim(),
                    Status.FAILED,
                    error,
                    seconds,
                    tables,
                    charts,
                    headlines,
                    notes,
                    Verdict.inconclusive("the experiment failed: " + error),
                    goals,
                    failedParts);
        }
    }
}
