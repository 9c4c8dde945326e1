package mechsym.tools.trades;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import mechsym.core.memory.RecordStore;

/**
 * Imports one CSV file of trades ({@link TradeCsv#HEADER}) into a new store or onto the end of an
 * existing one, all or nothing: a bad row names its line and column and nothing is stored. The file
 * is read twice: once to count its rows (the new store's size, the room an append needs), once to
 * import them. Not thread-safe.
 */
public final class TradeImport {
    private final Path csv;
    private final long rows;

    private TradeImport(Path csv, long rows) {
        this.csv = csv;
        this.rows = rows;
    }

    /**
     * An import of {@code csv}, its rows counted.
     *
     * @throws NoSuchFileException if it does not exist
     */
    public static TradeImport of(Path csv) throws IOException {
        if (!Files.exists(csv)) {
            throw new NoSuchFileException(csv.toString());
        }
        return new TradeImport(csv, Math.max(TradeCsv.countLines(csv) - 1, 0));
    }

    /** The rows after the header: the trades it holds at most (blank lines count too). */
    public long rows() {
        return rows;
    }

    /**
     * Writes a new store of the file's trades; {@code capacity} null makes room for exactly them.
     *
     * @return the number of trades imported
     */
    public long intoNewStore(Path store, boolean columnar, Long capacity, boolean replace, LongConsumer progress)
            throws IOException {
        if (capacity != null && capacity < rows) {
            throw new IllegalArgumentException(
                    "a capacity of " + capacity + " is less than the " + rows + " rows of " + csv);
        }
        long[] imported = new long[1];
        TradeFiles.writeNew(
                store,
                new TradeFiles.NewStore(columnar, capacity != null ? capacity : rows, replace),
                (records, trade) -> imported[0] = TradeCsv.importInto(csv, records, trade, progress));
        return imported[0];
    }

    /**
     * Appends the file's trades to the existing store {@code store}, refused before anything is
     * written when they may not fit.
     *
     * @return the number of trades imported
     */
    public long appendTo(Path store, LongConsumer progress) throws IOException {
        try (RecordStore records = TradeFiles.openForAppend(store)) {
            long room = records.capacity() - records.size();
            if (rows > room) {
                throw new IllegalStateException(store + " has room for " + room + " more trades; " + csv
                        + " may hold " + rows + "; import into a new store instead (--capacity N makes one with"
                        + " room to append to)");
            }
            long imported = TradeCsv.importInto(csv, records, records.bind(new Trade()), progress);
            records.flush();
            return imported;
        }
    }
}
