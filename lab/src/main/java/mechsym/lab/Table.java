package mechsym.lab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A table of figures: named columns with units, and rows of cells (text or numbers).
 *
 * <p>Every figure of the report is a cell of some table in results.json. A table is either
 * measured on this machine ({@link Source#MEASURED}) or copied from the seed post ({@link
 * Source#SEED}, labelled with the post's machine); the report never mixes the two in one table.
 *
 * @param id unique within its experiment; charts refer to tables by id
 * @param title shown above the table
 * @param source measured here, or the seed's published figures
 * @param machine for seed tables the post's machine label (e.g. "Intel i7-860 (Nehalem)"); for
 *     measured tables null (the environment section says what this machine is)
 * @param columns the columns, in order
 * @param rows the rows; each row has one cell per column: a String, a Number, or null
 * @param note an optional sentence shown under the table (how it was measured, n runs, ...)
 */
public record Table(
        String id,
        String title,
        Source source,
        String machine,
        List<Column> columns,
        List<List<Object>> rows,
        String note) {

    /** Where a table's figures come from. */
    public enum Source {
        MEASURED,
        SEED
    }

    /**
     * A column.
     *
     * @param name the header, also the key charts and comparisons use
     * @param unit the unit of its numbers ("ns/op", "ops/s", "bytes"), or null for text/keys
     */
    public record Column(String name, String unit) {
        public Column {
            Required.field(name, "name");
        }
    }

    public Table {
        Required.field(id, "id");
        Required.field(source, "source");
        columns = Required.entries(columns, "columns");
        Required.field(rows, "rows");
        List<List<Object>> copies = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            List<Object> row = Required.field(rows.get(i), "rows[" + i + "]");
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(
                        "table '" + id + "': row " + row + " has " + row.size() + " cells, expected " + columns.size());
            }
            copies.add(Collections.unmodifiableList(new ArrayList<>(row))); // not List.copyOf: a cell may be null
        }
        rows = Collections.unmodifiableList(copies);
    }

    /** Starts a table of figures measured on this machine. */
    public static Builder measured(String id, String title) {
        return new Builder(id, title, Source.MEASURED, null);
    }

    /** Starts a table of the seed post's published figures for one machine. */
    public static Builder seed(String id, String title, String machine) {
        return new Builder(id, title, Source.SEED, machine);
    }

    /** Index of the column with this name, or -1. */
    public int columnIndex(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The label a chart or the report gives this table's figures: "seed: machine" or "this machine". */
    public String sourceLabel() {
        return source == Source.SEED ? "seed: " + machine : "this machine";
    }

    /** Builds a {@link Table}. */
    public static final class Builder {
        private final String id;
        private final String title;
        private final Source source;
        private final String machine;
        private final List<Column> columns = new ArrayList<>();
        private final List<List<Object>> rows = new ArrayList<>();
        private String note;

        private Builder(String id, String title, Source source, String machine) {
            this.id = id;
            this.title = title;
            this.source = source;
            this.machine = machine;
        }

        /** A key or text column. */
        public Builder column(String name) {
            return column(name, null);
        }

        /** A numeric column with its unit. */
        public Builder column(String name, String unit) {
            columns.add(new Column(name, unit));
            return this;
        }

        /** The four columns of a {@link Summary}: n, min, median, max of the quantity in unit. */
        public Builder summaryColumns(String unit) {
            return column("n").column("min", unit).column("median", unit).column("max", unit);
        }

        /** The four columns of {@link Percentiles}: p50, p99, p99.9 and max of a latency in unit. */
        public Builder percentileColumns(String unit) {
            return column("p50", unit).column("p99", unit).column("p99.9", unit).column("max", unit);
        }

        /** A row; a {@link Summary} cell fills four cells (n, min, median, max), a {@link Percentiles} four. */
        public Builder row(Object... cells) {
            List<Object> row = new ArrayList<>(cells.length);
            for (Object cell : cells) {
                if (cell instanceof Summary s) {
                    row.add(s.n());
                    row.add(s.min());
                    row.add(s.median());
                    row.add(s.max());
                } else if (cell instanceof Percentiles p) {
                    row.add(p.p50());
                    row.add(p.p99());
                    row.add(p.p999());
                    row.add(p.max());
                } else {
                    row.add(cell);
                }
            }
            rows.add(row);
            return this;
        }

        public Builder note(String note) {
            this.note = note;
            return this;
        }

        public Table build() {
            return new Table(id, title, source, machine, columns, rows, note);
        }
    }
}
