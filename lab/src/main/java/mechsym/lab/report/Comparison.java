package mechsym.lab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;
import mechsym.tools.platform.TerminalText;

/**
 * Side-by-side ratios of lab runs, judged against the machine's between-run noise: for every measured
 * table both sides have, rows are matched by their key cells and each other numeric column gets the
 * ratio B / A; before the figures, the verdicts, sub-claims and goals that changed.
 *
 * <p>Each side is one run or several runs of the same code. A figure's interval on one side is, with
 * several runs, the interval of its median over those runs ({@link mechsym.lab.Measure}: between-run
 * noise, from the runs themselves), widened to hold every run's own noise; with one run, that run's own
 * noise: a median's min and max (also a column "X" with "X min" and "X max"), a JMH score's ± error. A
 * figure counts as changed only when (a) the two sides' intervals do not overlap and (b) B / A at
 * their near ends (the smallest change both allow, {@link Line#nearestRatio}) is beyond the minimum
 * effect ({@value #DEFAULT_MIN_EFFECT} by default, or the figure's own between-run noise on this
 * machine where the caller knows it): then it is {@link Change#BETTER} or {@link
 * Change#WORSE} by the unit (time, bytes: lower is better; a rate per time: higher is better) or
 * {@link Change#CHANGED} where the unit does not say. Without the noise on either side (one run with
 * no spread or error) it is {@link Change#UNKNOWN}: shown, never judged. Between-run noise is larger
 * than the noise inside one run (Kalibera &amp; Jones 2013), which is why one run's spread alone is not
 * enough and the minimum effect exists (docs/statistics.md).
 *
 * <p>A row's key is its text cells. Where those do not tell A's rows apart (a table keyed by a
 * number, such as a capacity or a run number), whole-number columns join the key from left to right
 * until they do; key columns are not compared. Rows whose keys are still equal are matched in order
 * (the second with the second), labelled {@code (2)}, {@code (3)}, ...
 */
public final class Comparison {

    /** What a difference between A and B is, against the figures' noise. */
    public enum Change {
        /** The two runs' ranges overlap: no difference beyond noise. */
        NOISE,
        BETTER,
        WORSE,
        /** Beyond noise, in a unit that does not say which way is better (a ratio, a count). */
        CHANGED,
        /** No spread or error in one of the runs: a difference cannot be told from noise. */
        UNKNOWN
    }

    /** The range a figure's noise spans in one run: [low, high]. */
    public record Range(double low, double high) {
        boolean overlaps(Range other) {
            return low <= other.high && other.low <= high;
        }
    }

    /** The minimum effect a figure must exceed to count as changed when its own noise is not known: 10%. */
    public static final double DEFAULT_MIN_EFFECT = 0.10;

    /**
     * One compared figure.
     *
     * @param a A's figure (with several runs, the median over them)
     * @param b B's
     * @param rangeA A's interval, or null when A has no noise to judge by
     * @param rangeB B's, or null
     * @param runsA how many of A's runs had the figure
     * @param runsB how many of B's
     * @param minEffect the relative change B / A must exceed (0.10: beyond 1.10x or below 1/1.10x)
     */
    public record Line(
            String experiment,
            String table,
            String row,
            String column,
            String unit,
            double a,
            double b,
            Range rangeA,
            Range rangeB,
            int runsA,
            int runsB,
            double minEffect) {
        public Line(String experiment, String table, String row, String column, String unit, double a, double b) {
            this(experiment, table, row, column, unit, a, b, null, null, 1, 1, DEFAULT_MIN_EFFECT);
        }

        public double ratio() {
            return a == 0 ? Double.NaN : b / a;
        }

        /**
         * B / A at the near ends of the two intervals: the smallest change both intervals allow, which
         * is what must pass the minimum effect (a change decides only when its whole interval does, as a
         * sub-claim does); the medians' ratio where an interval reaches zero or below.
         */
        public double nearestRatio() {
            if (rangeA == null || rangeB == null || !(rangeA.low() > 0 && rangeB.low() > 0)) {
                return ratio();
            }
            return rangeB.low() > rangeA.high() ? rangeB.low() / rangeA.high() : rangeB.high() / rangeA.low();
        }

        /** The difference judged against both sides' noise and the minimum effect. */
        public Change change() {
            if (rangeA == null || rangeB == null) {
                return Change.UNKNOWN;
            }
            if (rangeA.overlaps(rangeB) || !beyond(nearestRatio(), minEffect)) {
                return Change.NOISE;
            }
            int better = betterDirection(unit);
            if (better == 0) {
                return Change.CHANGED;
            }
            return (b > a) == (better > 0) ? Change.BETTER : Change.WORSE;
        }
    }

    /** Whether a ratio is beyond {@code minEffect} either way: above 1 + e or below 1 / (1 + e). */
    static boolean beyond(double ratio, double minEffect) {
        if (Double.isNaN(ratio)) {
            return true; // from zero to something: a change if the intervals say so
        }
        return ratio > 1 + minEffect || ratio < 1 / (1 + minEffect);
    }

    /**
     * +1 when a higher figure in this unit is better (a rate per unit of time), -1 when lower is
     * better (a time, a size, an allocation, cycles), 0 when the unit does not say.
     */
    static int betterDirection(String unit) {
        if (unit == null) {
            return 0;
        }
        String u = unit.trim().toLowerCase(Locale.ROOT);
        if (u.contains("/s") || u.contains("/µs") || u.contains("/us") || u.contains("/ms")) {
            return 1; // ops/s, elements/µs, GB/s
        }
        if (u.matches("(ns|µs|us|ms|s|cycles|bytes|b|b/op|kib|mib|gib)(/.*)?")) {
            return -1; // ns, ns/op, ns/call, ns/RTT, ms, bytes, B/op
        }
        return 0;
    }

    private Comparison() {}

    /** The minimum effect for each figure: the default, or its between-run noise on this machine. */
    @FunctionalInterface
    public interface MinEffect {
        double of(String experiment, String table, String row, String column);

        static MinEffect constant(double effect) {
            if (!(effect >= 0) || Double.isInfinite(effect)) {
                throw new IllegalArgumentException("a minimum effect is a fraction >= 0, got " + effect);
            }
            return (experiment, table, row, column) -> effect;
        }
    }

    /** One run against one run, with the default minimum effect. */
    public static List<Line> compare(LabRun a, LabRun b) {
        return compare(List.of(a), List.of(b), MinEffect.constant(DEFAULT_MIN_EFFECT));
    }

    /**
     * Runs against runs: every figure that at least one run of each side has, A's rows keyed as the
     * first A run keys them.
     */
    public static List<Line> compare(List<LabRun> as, List<LabRun> bs, MinEffect minEffect) {
        if (as.isEmpty() || bs.isEmpty()) {
            throw new IllegalArgumentException("each side needs at least one run");
        }
        LabRun reference = as.getFirst();
        Map<Figure, List<Sample>> samplesA = samples(as, reference);
        Map<Figure, List<Sample>> samplesB = samples(bs, reference);
        List<Line> lines = new ArrayList<>();
        for (Map.Entry<Figure, List<Sample>> entry : samplesA.entrySet()) {
            List<Sample> sideB = samplesB.get(entry.getKey());
            if (sideB == null) {
                continue;
            }
            Figure f = entry.getKey();
            Side sa = side(entry.getValue());
            Side sb = side(sideB);
            lines.add(new Line(
                    f.experiment(),
                    f.table(),
                    f.row(),
                    f.column(),
                    f.unit(),
                    sa.value(),
                    sb.value(),
                    sa.range(),
                    sb.range(),
                    entry.getValue().size(),
                    sideB.size(),
                    minEffect.of(f.experiment(), f.table(), f.row(), f.column())));
        }
        return lines;
    }

    /** Where a figure lives: the same in every run that has it. */
    private record Figure(String experiment, String table, String row, String columnId, String column, String unit) {}

    /** A figure in one run: its value and that run's own noise range (null when it gives none). */
    private record Sample(double value, Range range) {}

    private record Side(double value, Range range) {}

    /**
     * One side's figure: one run's value and range; several runs' median with the interval of that
     * median over the runs (between-run noise), widened to hold each run's own range.
     */
    private static Side side(List<Sample> samples) {
        if (samples.size() == 1) {
            return new Side(samples.getFirst().value(), samples.getFirst().range());
        }
        mechsym.lab.Measure m =
                mechsym.lab.Measure.of(samples.stream().map(Sample::value).toList(), null);
        double low = m.low();
        double high = m.high();
        for (Sample sample : samples) {
            if (sample.range() != null) {
                low = Math.min(low, sample.range().low());
                high = Math.max(high, sample.range().high());
            }
        }
        return new Side(m.value(), low == high ? null : new Range(low, high));
    }

    private static Map<Figure, List<Sample>> samples(List<LabRun> runs, LabRun reference) {
        Map<Figure, List<Sample>> samples = new LinkedHashMap<>();
        for (LabRun run : runs) {
            for (ExperimentResult er : reference.experiments()) {
                ExperimentResult e = run.experiment(er.id());
                if (e == null) {
                    continue;
                }
                for (Table tr : er.tables()) {
                    Table t = e.table(tr.id());
                    if (tr.source() != Table.Source.MEASURED || t == null) {
                        continue;
                    }
                    List<String> columnsRef = columnIds(tr);
                    List<String> keyColumns = keyColumns(tr, columnsRef);
                    List<String> columns = columnIds(t);
                    for (Map.Entry<String, List<Object>> row :
                            keyedRows(t, columns, keyColumns).entrySet()) {
                        for (int c = 0; c < t.columns().size(); c++) {
                            Table.Column column = t.columns().get(c);
                            if (column.unit() == null
                                    || keyColumns.contains(columns.get(c))
                                    || !columnsRef.contains(columns.get(c))
                                    || !(row.getValue().get(c) instanceof Number n)) {
                                continue;
                            }
                            Figure figure = new Figure(
                                    er.id(), tr.id(), row.getKey(), columns.get(c), column.name(), column.unit());
                            samples.computeIfAbsent(figure, k -> new ArrayList<>())
                                    .add(new Sample(n.doubleValue(), range(t, row.getValue(), c)));
                        }
                    }
                }
            }
        }
        return samples;
    }

    /**
     * The measured figures a number in one run and text in the other: each as {@code experiment /
     * table / row / column: A value, B value}. A figure turned into text is a damaged file, not a
     * figure to drop.
     */
    public static List<String> notNumbers(LabRun a, LabRun b) {
        return notNumbers(a, b, false);
    }

    /**
     * As {@link #notNumbers(LabRun, LabRun)}, with figures that are a number in one run and missing
     * (null) in the other when {@code nulls}: a run whose every shared figure is such has nothing to
     * compare.
     */
    public static List<String> notNumbers(LabRun a, LabRun b, boolean nulls) {
        List<String> notNumbers = new ArrayList<>();
        for (ExperimentResult ea : a.experiments()) {
            ExperimentResult eb = b.experiment(ea.id());
            if (eb == null) {
                continue;
            }
            for (Table ta : ea.tables()) {
                Table tb = eb.table(ta.id());
                if (ta.source() == Table.Source.MEASURED && tb != null) {
                    textForNumbers(ea.id(), ta, tb, notNumbers, nulls);
                }
            }
        }
        return notNumbers;
    }

    private static void textForNumbers(String experiment, Table ta, Table tb, List<String> notNumbers, boolean nulls) {
        List<String> columnsA = columnIds(ta);
        List<String> columnsB = columnIds(tb);
        List<String> keyColumns = keyColumns(ta, columnsA);
        Map<String, List<Object>> rowsB = keyedRows(tb, columnsB, keyColumns);
        for (Map.Entry<String, List<Object>> entry :
                keyedRows(ta, columnsA, keyColumns).entrySet()) {
            List<Object> ra = entry.getValue();
            List<Object> rb = rowsB.get(entry.getKey());
            if (rb == null) {
                continue;
            }
            for (int c = 0; c < ta.columns().size(); c++) {
                Table.Column column = ta.columns().get(c);
                int cb = columnsB.indexOf(columnsA.get(c));
                if (column.unit() == null || keyColumns.contains(columnsA.get(c)) || cb < 0) {
                    continue;
                }
                Object x = ra.get(c);
                Object y = rb.get(cb);
                boolean text =
                        (x instanceof Number && y instanceof String) || (x instanceof String && y instanceof Number);
                boolean missing = nulls && (x instanceof Number) != (y instanceof Number);
                if (text || missing) {
                    notNumbers.add(experiment + " / " + ta.id() + " / " + entry.getKey() + " / " + column.name()
                            + ": A " + clip(String.valueOf(x)) + ", B " + clip(String.valueOf(y)));
                }
            }
        }
    }

    /**
     * The noise range of column {@code c}'s figure in {@code row}: a median's min and max, "X"'s "X
     * min" and "X max", a score's ± error; null when the table gives none.
     */
    static Range range(Table table, List<Object> row, int c) {
        Table.Column column = table.columns().get(c);
        if (!(row.get(c) instanceof Number value)) {
            return null;
        }
        String name = column.name();
        Double low = null;
        Double high = null;
        if (name.equals("median")) {
            low = cell(table, row, "min", column.unit());
            high = cell(table, row, "max", column.unit());
        } else if (name.equals("score")) {
            Double error = cell(table, row, "error (99.9%)", column.unit());
            if (error == null) {
                error = cell(table, row, "error", column.unit());
            }
            if (error != null && !Double.isNaN(error)) {
                low = value.doubleValue() - error;
                high = value.doubleValue() + error;
            }
        } else {
            low = cell(table, row, name + " min", column.unit());
            high = cell(table, row, name + " max", column.unit());
        }
        if (low == null || high == null || Double.isNaN(low) || Double.isNaN(high) || low.equals(high)) {
            return null; // one run, or none: no spread to judge a difference by
        }
        return new Range(Math.min(low, high), Math.max(low, high));
    }

    /** The number in the first column of that name and unit, or null. */
    private static Double cell(Table table, List<Object> row, String name, String unit) {
        for (int c = 0; c < table.columns().size(); c++) {
            Table.Column column = table.columns().get(c);
            if (column.name().equals(name) && Objects.equals(column.unit(), unit) && row.get(c) instanceof Number n) {
                return n.doubleValue();
            }
        }
        return null;
    }

    /** The lines that got worse beyond both sides' noise and the minimum effect. */
    public static List<Line> worse(List<Line> lines) {
        return lines.stream().filter(l -> l.change() == Change.WORSE).toList();
    }

    /** The lines that changed beyond noise in a way that fails a gate: worse, or changed where the unit says nothing. */
    public static List<Line> failing(List<Line> lines) {
        return lines.stream()
                .filter(l -> l.change() == Change.WORSE || l.change() == Change.CHANGED)
                .toList();
    }

    /** What an outcome change is about. */
    public enum Subject {
        VERDICT,
        CLAIM,
        GOAL
    }

    /**
     * A verdict, sub-claim or goal whose outcome differs between the sides (each side's most frequent
     * outcome over its runs).
     *
     * @param what the sub-claim's or goal's text; "verdict" for the verdict
     * @param decided true when both outcomes are decided and opposite (REPRODUCED and NOT REPRODUCED, MET
     *     and MISSED); false when one side is undecided
     */
    public record OutcomeChange(
            String experiment, Subject subject, String what, String from, String to, boolean decided) {
        /**
         * Whether it fails a gate: a decided flip of a verdict or sub-claim. A goal's flip (MET and
         * MISSED) is listed, not a gate: mechsym's goals are reported, met or not, and their figures are
         * judged against their noise with the others.
         */
        public boolean gates() {
            return decided && subject != Subject.GOAL;
        }
    }

    /** The verdicts, sub-claims and goals whose outcome changed from A to B: verdicts and sub-claims first, then goals. */
    public static List<OutcomeChange> outcomeChanges(List<LabRun> as, List<LabRun> bs) {
        List<OutcomeChange> claims = new ArrayList<>();
        List<OutcomeChange> goals = new ArrayList<>();
        for (ExperimentResult reference : as.getFirst().experiments()) {
            String id = reference.id();
            change(id, Subject.VERDICT, "verdict", outcomes(as, id, null, null), outcomes(bs, id, null, null), claims);
            for (mechsym.lab.Verdict.Claim claim : reference.verdict().claims()) {
                change(
                        id,
                        Subject.CLAIM,
                        claim.claim(),
                        outcomes(as, id, claim.claim(), null),
                        outcomes(bs, id, claim.claim(), null),
                        claims);
            }
            for (mechsym.lab.Goal goal : reference.goals()) {
                change(
                        id,
                        Subject.GOAL,
                        goal.goal(),
                        outcomes(as, id, null, goal.goal()),
                        outcomes(bs, id, null, goal.goal()),
                        goals);
            }
        }
        claims.addAll(goals);
        return claims;
    }

    private static void change(
            String experiment, Subject subject, String what, List<String> a, List<String> b, List<OutcomeChange> into) {
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        String from = mode(a);
        String to = mode(b);
        if (!from.equals(to)) {
            boolean decided = Set.of(from, to).equals(Set.of("REPRODUCED", "NOT_REPRODUCED"))
                    || Set.of(from, to).equals(Set.of("MET", "MISSED"));
            into.add(new OutcomeChange(experiment, subject, what, from, to, decided));
        }
    }

    /** Each run's outcome of the experiment's verdict, of one sub-claim, or of one goal. */
    private static List<String> outcomes(List<LabRun> runs, String experiment, String claim, String goal) {
        List<String> outcomes = new ArrayList<>();
        for (LabRun run : runs) {
            ExperimentResult e = run.experiment(experiment);
            if (e == null || e.verdict() == null) {
                continue;
            }
            if (goal != null) {
                e.goals().stream()
                        .filter(g -> g.goal().equals(goal))
                        .findFirst()
                        .ifPresent(g -> outcomes.add(g.status().name()));
            } else if (claim != null) {
                e.verdict().claims().stream()
                        .filter(c -> c.claim().equals(claim))
                        .findFirst()
                        .ifPresent(c -> outcomes.add(c.outcome().name()));
            } else {
                outcomes.add(e.verdict().outcome().name());
            }
        }
        return outcomes;
    }

    /** The most frequent entry; the first seen among equals. */
    private static String mode(List<String> values) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        values.forEach(v -> counts.merge(v, 1, Integer::sum));
        return counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
    }

    /**
     * Whether the comparison fails a gate (exit code 3): a figure worse or changed beyond noise, or a
     * verdict or sub-claim flipped between REPRODUCED and NOT REPRODUCED.
     */
    public static boolean changedBeyondNoise(List<Line> lines, List<OutcomeChange> outcomes) {
        return !failing(lines).isEmpty() || outcomes.stream().anyMatch(OutcomeChange::gates);
    }

    /**
     * Each column's name, with how many columns before it have the same name (a table may name two
     * columns alike, e.g. a latency in cycles and in ns): the k-th "latency" of A meets the k-th of B.
     */
    private static List<String> columnIds(Table table) {
        List<String> ids = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Table.Column column : table.columns()) {
            ids.add(column.name() + "#" + seen.merge(column.name(), 1, Integer::sum));
        }
        return ids;
    }

    public static void print(List<Line> lines, String nameA, String nameB, PrintStream out) {
        print(lines, List.of(), List.of(nameA), List.of(nameB), List.of(), List.of(), out);
    }

    /**
     * The comparison for a terminal: the sides, their calibrations, the outcome changes, then every
     * figure, then a summary line. Everything that came from a file is made printable first.
     */
    public static void print(
            List<Line> lines,
            List<OutcomeChange> outcomes,
            List<String> namesA,
            List<String> namesB,
            List<String> calibrationsA,
            List<String> calibrationsB,
            PrintStream out) {
        side(out, "A", namesA, calibrationsA);
        side(out, "B", namesB, calibrationsB);
        if (!outcomes.isEmpty()) {
            out.println();
            out.println("verdicts, sub-claims and goals that changed:");
            for (OutcomeChange change : outcomes) {
                out.println("  " + TerminalText.escape(change.experiment()) + ": "
                        + (change.subject() == Subject.VERDICT
                                ? "verdict"
                                : (change.subject() == Subject.GOAL ? "goal " : "")
                                        + TerminalText.escape(change.what()))
                        + ": " + change.from().replace('_', ' ') + " -> "
                        + change.to().replace('_', ' ')
                        + (change.gates()
                                ? "  (CHANGED)"
                                : change.decided()
                                        ? "  (a goal: listed; its figures are judged below)"
                                        : "  (one side undecided: not a change beyond noise)"));
            }
        }
        out.println();
        if (lines.isEmpty()) {
            out.println("no measured figures in common");
        } else {
            out.printf(
                    Locale.ROOT,
                    "%-20s %-22s %-40s %-10s %14s %14s %8s  %s%n",
                    "experiment",
                    "table",
                    "row",
                    "column",
                    "A",
                    "B",
                    "B/A",
                    "against noise");
            for (Line l : lines) {
                out.printf(
                        Locale.ROOT,
                        "%-20s %-22s %-40s %-10s %14s %14s %8s  %s%n",
                        TerminalText.escape(l.experiment()),
                        TerminalText.escape(l.table()),
                        clip(TerminalText.escape(l.row())),
                        TerminalText.escape(l.column()),
                        Format.number(l.a()) + " " + TerminalText.escape(l.unit()),
                        Format.number(l.b()) + " " + TerminalText.escape(l.unit()),
                        Double.isNaN(l.ratio()) ? "–" : String.format(Locale.ROOT, "%.2fx", l.ratio()),
                        words(l.change()));
            }
        }
        long judged = lines.stream().filter(l -> l.change() != Change.UNKNOWN).count();
        List<Line> changed = lines.stream()
                .filter(l -> l.change() == Change.WORSE || l.change() == Change.BETTER || l.change() == Change.CHANGED)
                .toList();
        long decided = outcomes.stream().filter(OutcomeChange::gates).count();
        double floor = lines.stream().mapToDouble(Line::minEffect).min().orElse(DEFAULT_MIN_EFFECT);
        long noisier = lines.stream()
                .filter(l -> l.change() != Change.UNKNOWN && l.minEffect() > floor)
                .count();
        String effect = String.format(Locale.ROOT, "a %.0f%% minimum effect", floor * 100)
                + (noisier == 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " (%d judged figure%s: %s own larger between-run noise)",
                                noisier,
                                noisier == 1 ? "" : "s",
                                noisier == 1 ? "its" : "their"));
        out.printf(
                Locale.ROOT,
                "%d figures compared, %d judged (with their noise on both sides), %d changed beyond noise and %s:"
                        + " %d worse beyond noise; %d verdict or sub-claim flips%s%n",
                lines.size(),
                judged,
                changed.size(),
                effect,
                worse(lines).size(),
                decided,
                changedBeyondNoise(lines, outcomes) ? " (exit code 3)" : "");
    }

    private static void side(PrintStream out, String label, List<String> names, List<String> calibrations) {
        for (int i = 0; i < names.size(); i++) {
            out.println(label + (names.size() > 1 ? (i + 1) : "") + " = " + TerminalText.escape(names.get(i))
                    + (i < calibrations.size() && calibrations.get(i) != null
                            ? "\n    calibration: " + TerminalText.escape(calibrations.get(i))
                            : ""));
        }
    }

    /**
     * The comparison as JSON, for a CI: {@code {"a", "b", "figures": [...], "worse": n}}, each figure
     * with its A and B, ratio, both noise ranges (null where none) and its change.
     */
    public static void printJson(List<Line> lines, String nameA, String nameB, PrintStream out) {
        printJson(lines, List.of(), List.of(nameA), List.of(nameB), out);
    }

    /**
     * The comparison as JSON, for a CI: {@code {"a": [...], "b": [...], "outcomes": [...], "figures":
     * [...], "compared", "judged", "changed", "worse", "flips"}}.
     */
    public static void printJson(
            List<Line> lines, List<OutcomeChange> outcomes, List<String> namesA, List<String> namesB, PrintStream out) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("a", String.join(", ", namesA));
        root.put("b", String.join(", ", namesB));
        ArrayNode changes = root.putArray("outcomes");
        for (OutcomeChange change : outcomes) {
            ObjectNode o = changes.addObject();
            o.put("experiment", change.experiment());
            o.put("subject", change.subject().name());
            o.put("what", change.what());
            o.put("from", change.from());
            o.put("to", change.to());
            o.put("decided", change.decided());
            o.put("gates", change.gates());
        }
        ArrayNode figures = root.putArray("figures");
        for (Line l : lines) {
            ObjectNode f = figures.addObject();
            f.put("experiment", l.experiment());
            f.put("table", l.table());
            f.put("row", l.row());
            f.put("column", l.column());
            f.put("unit", l.unit());
            number(f, "a", l.a());
            number(f, "b", l.b());
            number(f, "ratio", l.ratio());
            number(f, "nearestRatio", l.nearestRatio());
            range(f, "rangeA", l.rangeA());
            range(f, "rangeB", l.rangeB());
            f.put("runsA", l.runsA());
            f.put("runsB", l.runsB());
            number(f, "minEffect", l.minEffect());
            f.put("change", l.change().name());
        }
        root.put("compared", lines.size());
        root.put(
                "judged",
                lines.stream().filter(l -> l.change() != Change.UNKNOWN).count());
        root.put(
                "changed",
                lines.stream()
                        .filter(l -> l.change() == Change.WORSE
                                || l.change() == Change.BETTER
                                || l.change() == Change.CHANGED)
                        .count());
        root.put("worse", worse(lines).size());
        root.put("flips", outcomes.stream().filter(OutcomeChange::gates).count());
        try {
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of strings and numbers always writes
        }
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static void range(ObjectNode node, String field, Range range) {
        if (range == null) {
            node.putNull(field);
        } else {
            ObjectNode r = node.putObject(field);
            number(r, "low", range.low());
            number(r, "high", range.high());
        }
    }

    /** How the table column words a change. */
    static String words(Change change) {
        return switch (change) {
            case NOISE -> "within noise";
            case BETTER -> "better";
            case WORSE -> "WORSE";
            case CHANGED -> "changed";
            case UNKNOWN -> "no spread";
        };
    }

    /**
     * The columns (their {@link #columnIds}) that key {@code table}'s rows: those holding text, then
     * whole-number columns from left to right while the keys so far repeat.
     */
    private static List<String> keyColumns(Table table, List<String> columnIds) {
        List<String> keys = new ArrayList<>();
        List<String> wholeNumbers = new ArrayList<>();
        for (int c = 0; c < columnIds.size(); c++) {
            final int column = c;
            if (table.rows().stream().anyMatch(r -> r.get(column) instanceof String)) {
                keys.add(columnIds.get(c));
            } else if (!table.rows().isEmpty() && table.rows().stream().allMatch(r -> isWholeNumber(r.get(column)))) {
                wholeNumbers.add(columnIds.get(c));
            }
        }
        for (String column : wholeNumbers) {
            if (keysAreUnique(table, columnIds, keys)) {
                break;
            }
            keys.add(column);
        }
        return keys;
    }

    private static boolean isWholeNumber(Object cell) {
        return cell instanceof Integer
                || cell instanceof Long
                || cell instanceof Short
                || cell instanceof Byte
                || cell instanceof java.math.BigInteger;
    }

    private static boolean keysAreUnique(Table table, List<String> columnIds, List<String> keyColumns) {
        return table.rows().stream()
                        .map(r -> key(r, columnIds, keyColumns))
                        .distinct()
                        .count()
                == table.rows().size();
    }

    /** The rows by key, in order; a key seen before gets " (2)", " (3)", ... */
    private static Map<String, List<Object>> keyedRows(Table table, List<String> columnIds, List<String> keyColumns) {
        Map<String, List<Object>> rows = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (List<Object> row : table.rows()) {
            String key = key(row, columnIds, keyColumns);
            int n = seen.merge(key, 1, Integer::sum);
            rows.put(n == 1 ? key : key + " (" + n + ")", row);
        }
        return rows;
    }

    private static String key(List<Object> row, List<String> columnIds, List<String> keyColumns) {
        StringBuilder key = new StringBuilder();
        for (String column : keyColumns) {
            int c = columnIds.indexOf(column);
            Object cell = c < 0 ? null : row.get(c);
            if (cell instanceof String || cell instanceof Number) {
                key.append(key.isEmpty() ? "" : " / ").append(cell);
            }
        }
        return key.toString();
    }

    private static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 39) + "…";
    }
}
