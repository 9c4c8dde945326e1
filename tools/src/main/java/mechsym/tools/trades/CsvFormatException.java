package mechsym.tools.trades;

import java.io.IOException;
import java.nio.file.Path;
import mechsym.tools.platform.TerminalText;

/** A CSV row that cannot be imported, with the file, line (1-based) and column (1-based, 0 for the whole line). */
public final class CsvFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long line;
    private final int column;

    CsvFormatException(Path file, long line, int column, String problem) {
        super(file + ":" + line + (column > 0 ? ": column " + column + " (" + TradeCsv.columnName(column) + ")" : "")
                + ": " + TerminalText.escape(problem)); // it quotes the row: no control characters reach a terminal
        this.line = line;
        this.column = column;
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
