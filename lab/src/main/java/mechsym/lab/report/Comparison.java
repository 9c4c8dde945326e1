package mechsym.lab.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.Table;
import mechsym.lab.results.LabRun;

/**
 * Side-by-side ratios of two lab runs: for every measured table both runs have, rows are matched by
 * their key cells and each other numeric column gets the ratio B / A.
 *
 * <p>A row's key is its text cells. Where those do not tell A's rows apart (a table keyed by a
 * number, such as a capacity or a run number), whole-number columns join the key from left to right
 * until they do; key columns are not compared. Rows whose keys are still equal are matched in order
 * (the second with the second), labelled {@code (2)}, {@code (3)}, ...
 */
public final class Comparison {

    /** One compared figure. */
    public record Line(String experiment, String table, String row, String column, String unit, double a, double b) {
        public double ratio() {
            return a == 0 ? Double.NaN : b / a;
        }
    }

    private Comparison() {}

    public static List<Line> compare(LabRun a, LabRun b) {
        List<Line> lines = new ArrayList<>();
        for (ExperimentResult ea : a.experiments()) {
            ExperimentResult eb = b.experiment(ea.id());
            if (eb == null) {
                continue;
            }
            for (Table ta : ea.tables()) {
                Table tb = eb.table(ta.id());
                if (ta.source() == Table.Source.MEASURED && tb != null) {
                    compareTables(ea.id(), ta, tb, lines);
                }
            }
        }
        return lines;
    }

    private static void compareTables(String experiment, Table ta, Table tb, List<Line> lines) {
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
                if (column.unit() != null
                        && !keyColumns.contains(columnsA.get(c))
                        && cb >= 0
                        && ra.get(c) instanceof Number na
                        && rb.get(cb) instanceof Number nb) {
                    lines.add(new Line(
                            experiment,
                            ta.id(),
                            entry.getKey(),
                            column.name(),
                            column.unit(),
                            na.doubleValue(),
                            nb.doubleValue()));
                }
            }
        }
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
                "%-20s %-22s %-40s %-10s %14s %14s %8s%n",
                "experiment",
                "table",
                "row",
                "column",
                "A",
                "B",
                "B/A");
        for (Line l : lines) {
            out.printf(
                    Locale.ROOT,
                    "%-20s %-22s %-40s %-10s %14s %14s %8s%n",
                    l.experiment(),
                    l.table(),
                    clip(l.row()),
                    l.column(),
                    Format.number(l.a()) + " " + l.unit(),
                    Format.number(l.b()) + " " + l.unit(),
                    Double.isNaN(l.ratio()) ? "–" : String.format(Locale.ROOT, "%.2fx", l.ratio()));
        }
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
