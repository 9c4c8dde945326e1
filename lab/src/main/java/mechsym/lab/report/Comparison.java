package mechsym.lab.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mechsym.lab.ExperimentResult;
import mechsym.lab.LabRun;
import mechsym.lab.Table;

/**
 * Side-by-side ratios of two lab runs: for every measured table both runs have, rows are matched by
 * their text cells and each numeric column gets the ratio B / A.
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
                if (ta.source() != Table.Source.MEASURED || tb == null) {
                    continue;
                }
                Map<String, List<Object>> rowsB = new HashMap<>();
                tb.rows().forEach(r -> rowsB.put(key(r), r));
                for (List<Object> ra : ta.rows()) {
                    List<Object> rb = rowsB.get(key(ra));
                    if (rb == null) {
                        continue;
                    }
                    for (int c = 0; c < ta.columns().size(); c++) {
                        Table.Column column = ta.columns().get(c);
                        int cb = tb.columnIndex(column.name());
                        if (column.unit() != null
                                && cb >= 0
                                && ra.get(c) instanceof Number na
                                && rb.get(cb) instanceof Number nb) {
                            lines.add(new Line(
                                    ea.id(),
                                    ta.id(),
                                    key(ra),
                                    column.name(),
                                    column.unit(),
                                    na.doubleValue(),
                                    nb.doubleValue()));
                        }
                    }
                }
            }
        }
        return lines;
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

    private static String key(List<Object> row) {
        StringBuilder key = new StringBuilder();
        for (Object cell : row) {
            if (cell instanceof String s) {
                key.append(key.isEmpty() ? "" : " / ").append(s);
            }
        }
        return key.toString();
    }

    private static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 39) + "…";
    }
}
