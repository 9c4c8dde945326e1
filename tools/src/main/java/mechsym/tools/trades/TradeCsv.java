package mechsym.tools.trades;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import mechsym.core.memory.RecordStore;
import mechsym.tools.platform.IoReasons;

/**
 * Trades as CSV (documented in docs/trades.md): a header line {@value #HEADER}, then one trade per
 * line, comma-separated, no quoting; blank lines are skipped. Stateless and thread-safe.
 *
 * <pre>
 *  column  name        format
 *       1  trade_id    integer
 *       2  client_id   integer >= 0
 *       3  venue       1-4 printable ASCII characters, e.g. XLON
 *       4  instrument  1-4 printable ASCII characters, e.g. BHP
 *       5  price       decimal >= 0, at most 4 decimal places, e.g. 101.25
 *       6  quantity    integer > 0
 *       7  side        B (buy) or S (sell)
 * </pre>
 */
public final class TradeCsv {
    /** The header line. */
    public static final String HEADER = "trade_id,client_id,venue,instrument,price,quantity,side";

    private static final String[] COLUMNS = HEADER.split(",");

    private TradeCsv() {}

    static String columnName(int column) {
        return column >= 1 && column <= COLUMNS.length ? COLUMNS[column - 1] : "extra";
    }

    /**
     * An upper bound of the number of trades in {@code csv}: its line count, with lines ended as
     * {@link BufferedReader#readLine()} ends them (by {@code \n}, {@code \r\n} or a lone {@code \r}),
     * since the import reads them that way.
     */
    public static long countLines(Path csv) throws IOException {
        long lines = 0;
        boolean pending = false; // a line has started and not ended
        boolean afterCarriageReturn = false;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(csv)) {
            int read;
            while ((read = in.read(buffer)) > 0) {
                for (int i = 0; i < read; i++) {
                    byte b = buffer[i];
                    if (b == '\r' || (b == '\n' && !afterCarriageReturn)) {
                        lines++;
                        pending = false;
                    } else if (b != '\n') {
                        pending = true;
                    }
                    afterCarriageReturn = b == '\r';
                }
            }
        } catch (IOException e) {
            throw IoReasons.naming(csv, e);
        }
        return lines + (pending ? 1 : 0);
    }

    /**
     * Appends the trades of {@code csv} to {@code store} and publishes them, all or none: every row
     * is checked before its record is written, and on the first bad row the store's size goes back
     * to what it was (the records written so far are not counted and will be overwritten).
     *
     * @return the number of trades imported
     * @throws CsvFormatException naming the line and column of the first bad row
     * @throws IllegalStateException if the store has no room for all trades
     */
    public static long importInto(Path csv, RecordStore store, Trade trade, LongConsumer progress) throws IOException {
        long start = store.size();
        // An InputStreamReader given a Charset turns malformed bytes into U+FFFD, which requireText
        // reports with their line and column; Files.newBufferedReader's strict decoder throws while
        // filling its buffer, lines ahead of the bad byte, and without saying where ("Input length = 1").
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(Files.newInputStream(csv), StandardCharsets.UTF_8))) {
            long imported = read(csv, in, store, trade, progress);
            store.publish();
            return imported;
        } catch (CsvFormatException | RuntimeException e) {
            store.setSize(start);
            throw e;
        } catch (IOException e) {
            store.setSize(start);
            throw IoReasons.naming(csv, e);
        } catch (InternalError fault) {
            store.setSize(start);
            throw new IOException(store.path() + ": " + TradeFiles.MAPPED_WRITE_FAULT, fault);
        }
    }

    private static long read(Path csv, BufferedReader in, RecordStore store, Trade trade, LongConsumer progress)
            throws IOException {
        String header = in.readLine();
        if (header == null) {
            throw new CsvFormatException(csv, 1, 0, "empty file; expected the header " + HEADER);
        }
        if (header.startsWith("\uFEFF")) {
            header = header.substring(1); // the byte order mark Excel's "CSV UTF-8" starts with
        }
        requireText(csv, 1, header);
        if (!header.strip().replace(" ", "").equalsIgnoreCase(HEADER)) {
            throw new CsvFormatException(csv, 1, 0, "expected the header " + HEADER + ", found " + Quoted.of(header));
        }
        long lineNumber = 1;
        long imported = 0;
        long step = TradeGenerator.progressStep(Long.MAX_VALUE);
        String[] fields = new String[COLUMNS.length];
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            requireText(csv, lineNumber, line);
            split(csv, lineNumber, line, fields);
            long tradeId = integer(csv, lineNumber, 1, fields[0], Long.MIN_VALUE);
            long clientId = integer(csv, lineNumber, 2, fields[1], 0);
            int venue = code(csv, lineNumber, 3, fields[2]);
            int instrument = code(csv, lineNumber, 4, fields[3]);
            long price;
            try {
                price = Prices.parse(fields[4]);
            } catch (IllegalArgumentException e) {
                throw new CsvFormatException(csv, lineNumber, 5, e.getMessage());
            }
            long quantity = integer(csv, lineNumber, 6, fields[5], 1);
            char side = side(csv, lineNumber, fields[6]);
            if (store.size() == store.capacity()) {
                throw new CsvFormatException(
                        csv, lineNumber, 0, "the store is full (" + store.capacity() + " records)");
            }
            store.append(trade);
            trade.set(tradeId, clientId, venue, instrument, price, quantity, side);
            imported++;
            if (imported % step == 0) {
                progress.accept(imported);
            }
        }
        return imported;
    }

    /** Refuses a line with bytes that are not UTF-8 (decoded as U+FFFD), naming their column. */
    private static void requireText(Path csv, long lineNumber, String line) throws CsvFormatException {
        int bad = line.indexOf('\uFFFD');
        if (bad >= 0) {
            int column = 1
                    + (int) line.substring(0, bad).chars().filter(c -> c == ',').count();
            if (lineNumber == 1 || column > COLUMNS.length) {
                column = 0; // the header, or beyond the last column: the line as a whole
            }
            throw new CsvFormatException(
                    csv, lineNumber, column, "bytes that are not UTF-8 text at character " + (bad + 1));
        }
    }

    private static void split(Path csv, long lineNumber, String line, String[] fields) throws CsvFormatException {
        int column = 0;
        int from = 0;
        while (true) {
            int comma = line.indexOf(',', from);
            String field = (comma < 0 ? line.substring(from) : line.substring(from, comma)).strip();
            if (column == fields.length) {
                throw new CsvFormatException(
                        csv, lineNumber, 0, "more than " + fields.length + " columns; expected " + HEADER);
            }
            if (field.indexOf('"') >= 0) {
                throw new CsvFormatException(csv, lineNumber, column + 1, "quoted fields are not supported");
            }
            fields[column++] = field;
            if (comma < 0) {
                break;
            }
            from = comma + 1;
        }
        if (column < fields.length) {
            throw new CsvFormatException(
                    csv,
                    lineNumber,
                    column + 1,
                    "missing: " + column + " of " + fields.length + " columns; expected " + HEADER);
        }
    }

    private static long integer(Path csv, long lineNumber, int column, String text, long min)
            throws CsvFormatException {
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new CsvFormatException(csv, lineNumber, column, Quoted.of(text) + " is not an integer");
        }
        if (value < min) {
            throw new CsvFormatException(csv, lineNumber, column, value + " is less than " + min);
        }
        return value;
    }

    private static int code(Path csv, long lineNumber, int column, String text) throws CsvFormatException {
        try {
            return Codes.pack(text);
        } catch (IllegalArgumentException e) {
            throw new CsvFormatException(csv, lineNumber, column, e.getMessage());
        }
    }

    private static char side(Path csv, long lineNumber, String text) throws CsvFormatException {
        if (text.equals("B") || text.equals("S")) {
            return text.charAt(0);
        }
        throw new CsvFormatException(csv, lineNumber, 7, Quoted.of(text) + " is not B or S");
    }

    /** Writes the trades of {@code store} as CSV, header first (the import's format). */
    public static void export(RecordStore store, Writer out) throws IOException {
        Trade trade = store.bind(new Trade());
        out.write(HEADER);
        out.write('\n');
        StringBuilder line = new StringBuilder(96);
        for (long i = 0; i < store.size(); i++) {
            trade.moveTo(i);
            line.setLength(0);
            line.append(trade.tradeId())
                    .append(',')
                    .append(trade.clientId())
                    .append(',')
                    .append(Codes.unpack(trade.venueCode()))
                    .append(',')
                    .append(Codes.unpack(trade.instrumentCode()))
                    .append(',')
                    .append(Prices.toDecimal(trade.price()).toPlainString())
                    .append(',')
                    .append(trade.quantity())
                    .append(',')
                    .append(Codes.sideText(trade.side()))
                    .append('\n');
            out.append(line);
        }
    }
}
