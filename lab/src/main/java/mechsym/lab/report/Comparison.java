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
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;

/**
 * Side-by-side ratios of two lab runs: for every measured table both runs have, rows are matched by
 * their key cells and each other numeric column gets the ratio B / A.
 *
 * <p>A figure that comes with its noise is judged against it: a median with its row's min and max
 * (the runs' or rounds' spread; also a column "X" with "X min" and "X max"), a JMH score with its
 * error (score ± error). When both runs' ranges overlap, the difference is {@link Change#NOISE};
 * when they do not, it is {@link Change#BETTER} or {@link Change#WORSE} by the unit (time, bytes:
 * lower is better; a rate per time: higher is better) or {@link Change#CHANGED} where the unit does
 * not say; a figure without its noise in either run (one run, min = max, or no error) is {@link
 * Change#UNKNOWN}.
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

    /**
     * One compared figure.
     *
     * @param rangeA A's noise range, or null when A's row has none
     * @param rangeB B's, or null
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
            Range rangeB) {
        public Line(String experiment, String table, String row, String column, String unit, double a, double b) {
            this(experiment, table, row, column, unit, a, b, null, null);
        }

        public double ratio() {
            return a == 0 ? Double.NaN : b / a;
        }

        /** The difference judged against both runs' noise. */
        public Change change() {
            if (rangeA == null || rangeB == null) {
                return Change.UNKNOWN;
            }
            if (rangeA.overlaps(rangeB)) {
                return Change.NOISE;
            }
            int better = betterDirection(unit);
            if (better == 0) {
                return Change.CHANGED;
            }
            return (b > a) == (better > 0) ? Change.BETTER : Change.WORSE;
        }
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

    public static List<Line> compare(LabRun a, LabRun b) {
        List<Line> lines = new ArrayList<>();
        walk(a, b, lines, new ArrayList<>());
        return lines;
    }

    /**
     * The measured figures a number in one run and not in the other (a string, a null): each as
     * {@code experiment / table / row / column: A value, B value}. A run whose figures are all such
     * has nothing to compare, and is not a lab run's results.
     */
    public static List<String> notNumbers(LabRun a, LabRun b) {
        List<String> notNumbers = new ArrayList<>();
        walk(a, b, new ArrayList<>(), notNumbers);
        return notNumbers;
    }

    private static void walk(LabRun a, LabRun b, List<Line> lines, List<String> notNumbers) {
        for (ExperimentResult ea : a.experiments()) {
            ExperimentResult eb = b.experiment(ea.id());
            if (eb == null) {
                continue;
            }
            for (Table ta : ea.tables()) {
                Table tb = eb.table(ta.id());
                if (ta.source() == Table.Source.MEASURED && tb != null) {
                    compareTables(ea.id(), ta, tb, lines, notNumbers);
                }
            }
        }
    }

    private static void compareTables(
            String experiment, Table ta, Table tb, List<Line> lines, List<String> notNumbers) {
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
                if (ra.get(c) instanceof Number != rb.get(cb) instanceof Number) {
                    notNumbers.add(experiment + " / " + ta.id() + " / " + entry.getKey() + " / " + column.name()
                            + ": A " + clip(String.valueOf(ra.get(c))) + ", B " + clip(String.valueOf(rb.get(cb))));
                } else if (ra.get(c) instanceof Number na && rb.get(cb) instanceof Number nb) {
                    lines.add(new Line(
                            experiment,
                            ta.id(),
                            entry.getKey(),
                            column.name(),
                            column.unit(),
                            na.doubleValue(),
                            nb.doubleValue(),
                            range(ta, ra, c),
                            range(tb, rb, cb)));
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

    /** The lines that got worse beyond both runs' noise. */
    public static List<Line> worse(List<Line> lines) {
        return lines.stream().filter(l -> l.change() == Change.WORSE).toList();
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
        out.println("A = " + nameA);
        out.println("B = " + nameB);
        if (lines.isEmpty()) {
            out.println("no measured figures in common");
            return;
        }
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
                    l.experiment(),
                    l.table(),
                    clip(l.row()),
                    l.column(),
                    Format.number(l.a()) + " " + l.unit(),
                    Format.number(l.b()) + " " + l.unit(),
                    Double.isNaN(l.ratio()) ? "–" : String.format(Locale.ROOT, "%.2fx", l.ratio()),
                    words(l.change()));
        }
        List<Line> worse = worse(lines);
        long judged = lines.stream().filter(l -> l.change() != Change.UNKNOWN).count();
        out.printf(
                Locale.ROOT,
                "%d figures compared, %d with their noise in both runs (min-max of runs, or JMH's error): %d worse"
                        + " beyond noise%s%n",
                lines.size(),
                judged,
                worse.size(),
                worse.isEmpty() ? "" : " (exit code 3)");
    }

    /**
     * The comparison as JSON, for a CI: {@code {"a", "b", "figures": [...], "worse": n}}, each figure
     * with its A and B, ratio, both noise ranges (null where none) and its change.
     */
    public static void printJson(List<Line> lines, String nameA, String nameB, PrintStream out) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("a", nameA);
        root.put("b", nameB);
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
            range(f, "rangeA", l.rangeA());
            range(f, "rangeB", l.rangeB());
            f.put("change", l.change().name());
        }
        root.put("worse", worse(lines).size());
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
