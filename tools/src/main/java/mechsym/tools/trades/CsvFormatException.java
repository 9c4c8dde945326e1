package mechsym.tools.trades;

import java.io.IOException;
import java.nio.file.Path;

/** A CSV row that cannot be imported, with the file, line (1-based) and column (1-based, 0 for the whole line). */
public final class CsvFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long line;
    private final int column;

    CsvFormatException(Path file, long line, int column, String problem) {
        super(file + ":" + line + (column > 0 ? ": column " + column + " (" + TradeCsv.columnName(column) + ")" : "")
                + ": " + escapeControlCharacters(problem));
        this.line = line;
        this.column = column;
    }

    /** The problem quotes the row's text: its control characters, as \\u001B, cannot reach a terminal. */
    private static String escapeControlCharacters(String problem) {
        StringBuilder shown = new StringBuilder(problem.length());
        problem.chars().forEach(c -> {
            if (Character.isISOControl(c)) {
                shown.append(String.format("\\u%04X", c));
            } else {
                shown.append((char) c);
            }
        });
        return shown.toString();
    }

    /** The line, counting from 1 (the header is line 1). */
    public long line() {
        return line;
    }

    /** The column, counting from 1; 0 when the problem is the whole line. */
    public int column() {
        return column;
    }
}
