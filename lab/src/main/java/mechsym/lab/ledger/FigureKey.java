package mechsym.lab.ledger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mechsym.lab.Table;

/**
 * Names one figure of a run so that the same figure of another run has the same name: the
 * experiment, the table, the row (its text cells joined by " / "; a key seen before in the table
 * gets " (2)", " (3)", ...) and the column. An immutable value.
 */
public record FigureKey(String experimentId, String tableId, String rowKey, String column) {

    /** "queues / spsc-throughput / JCTools / median". */
    @Override
    public String toString() {
        return experimentId + " / " + tableId + " / " + rowKey + " / " + column;
    }

    /** The columns that key a table's rows: those without a unit, but for "n" (a count of repetitions). */
    static boolean isKey(Table.Column column) {
        return column.unit() == null && !column.name().equals("n");
    }

    /**
     * Each column's name as a key names it: a name the table used before gets " (2)", " (3)", ... (a
     * table of percentiles and a summary has two "max" columns).
     */
    public static List<String> columnNames(Table table) {
        List<String> names = new ArrayList<>(table.columns().size());
        Map<String, Integer> seen = new HashMap<>();
        for (Table.Column column : table.columns()) {
            int n = seen.merge(column.name(), 1, Integer::sum);
            names.add(n == 1 ? column.name() : column.name() + " (" + n + ")");
        }
        return names;
    }

    /** Each row's key, in the table's order: its text cells as {@link FigureKey} names them. */
    public static List<String> rowKeys(Table table) {
        List<String> keys = new ArrayList<>(table.rows().size());
        Map<String, Integer> seen = new HashMap<>();
        int index = 0;
        for (List<Object> row : table.rows()) {
            index++;
            StringBuilder key = new StringBuilder();
            for (int c = 0; c < table.columns().size(); c++) {
                if (isKey(table.columns().get(c)) && row.get(c) != null) {
                    key.append(key.isEmpty() ? "" : " / ").append(row.get(c));
                }
            }
            String base = key.isEmpty() ? "row " + index : key.toString();
            int n = seen.merge(base, 1, Integer::sum);
            keys.add(n == 1 ? base : base + " (" + n + ")");
        }
        return keys;
    }
}
