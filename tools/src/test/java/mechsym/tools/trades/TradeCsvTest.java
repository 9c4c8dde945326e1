package mechsym.tools.trades;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mechsym.core.memory.RecordStore;
import mechsym.core.memory.StorageForm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TradeCsvTest {
    private static final String GOOD = TradeCsv.HEADER + "\n"
            + "1,7,XLON,BHP,24.50,100,B\n"
            + "\n"
            + "2,8,XNAS,AAPL,189.9501,3,S\r\n"
            + " 3 , 9 , XLON , VOD , 0.7 , 2000 , B \n";

    @TempDir
    Path dir;

    private Path csv(String text) throws IOException {
        Path file = dir.resolve("trades.csv");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void importsAllRowsSkippingBlankLines() throws IOException {
        Path csv = csv(GOOD);
        Path store = dir.resolve("t.rec");
        long written = TradeFiles.writeNew(
                store, TradeCsv.countLines(csv), StorageForm.ARRAY_OF_STRUCTURES, false, (s, trade) -> {
                    assertThat(TradeCsv.importInto(csv, s, trade, done -> {})).isEqualTo(3);
                });
        assertThat(written).isEqualTo(3);
        try (RecordStore records = TradeFiles.openReadOnly(store)) {
            Trade trade = records.bind(new Trade());
            trade.moveTo(1);
            assertThat(trade.tradeId()).isEqualTo(2);
            assertThat(trade.clientId()).isEqualTo(8);
            assertThat(Codes.unpack(trade.venueCode())).isEqualTo("XNAS");
            assertThat(Codes.unpack(trade.instrumentCode())).isEqualTo("AAPL");
            assertThat(trade.price()).isEqualTo(1_899_501);
            assertThat(trade.quantity()).isEqualTo(3);
            assertThat(trade.side()).isEqualTo('S');
            StringWriter out = new StringWriter();
            TradeCsv.export(records, out);
            assertThat(out.toString())
                    .isEqualTo(TradeCsv.HEADER + "\n1,7,XLON,BHP,24.5000,100,B\n2,8,XNAS,AAPL,189.9501,3,S\n"
                            + "3,9,XLON,VOD,0.7000,2000,B\n");
        }
    }

    @Test
    void linesEndedByACarriageReturnAloneAreCountedAndImported() throws IOException {
        Path csv = csv(
                TradeCsv.HEADER + "\r1,7,XLON,BHP,24.50,100,B\r\n2,8,XNAS,AAPL,189.9501,3,S\r3,9,XLON,VOD,0.7,2000,B");
        assertThat(TradeCsv.countLines(csv)).isEqualTo(4);
        Path store = dir.resolve("t.rec");
        long written = TradeFiles.writeNew(
                store,
                TradeCsv.countLines(csv) - 1,
                StorageForm.ARRAY_OF_STRUCTURES,
                false,
                (s, trade) -> TradeCsv.importInto(csv, s, trade, done -> {}));
        assertThat(written).isEqualTo(3);
        assertThat(TradeCsv.countLines(csv(""))).isZero();
        assertThat(TradeCsv.countLines(csv("\n\r\n\r"))).isEqualTo(3);
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of("trade id not a number", "x1,7,XLON,BHP,1,1,B", 1, "trade_id", "'x1' is not an integer"),
                Arguments.of("negative client", "4,-7,XLON,BHP,1,1,B", 2, "client_id", "-7 is less than 0"),
                Arguments.of("venue too long", "4,7,XLONX,BHP,1,1,B", 3, "venue", "'XLONX' must be 1 to 4 characters"),
                Arguments.of("empty instrument", "4,7,XLON,,1,1,B", 4, "instrument", "'' must be 1 to 4 characters"),
                Arguments.of(
                        "price precision",
                        "4,7,XLON,BHP,1.00001,1,B",
                        5,
                        "price",
                        "price '1.00001' has more than 4 decimal places"),
                Arguments.of(
                        "price text",
                        "4,7,XLON,BHP,cheap,1,B",
                        5,
                        "price",
                        "price 'cheap' is not a decimal number like 101.25"),
                Arguments.of("zero quantity", "4,7,XLON,BHP,1,0,B", 6, "quantity", "0 is less than 1"),
                Arguments.of("side", "4,7,XLON,BHP,1,1,X", 7, "side", "'X' is not B or S"),
                Arguments.of(
                        "not UTF-8 (a Latin-1 byte)",
                        "4,7,XL\u00c9N,BHP,1,1,B",
                        3,
                        "venue",
                        "bytes that are not UTF-8 text at character 7"),
                Arguments.of("quoted", "4,7,\"XLON\",BHP,1,1,B", 3, "venue", "quoted fields are not supported"),
                Arguments.of(
                        "too few columns",
                        "4,7,XLON,BHP,1,1",
                        7,
                        "side",
                        "missing: 6 of 7 columns; expected " + TradeCsv.HEADER + ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRows")
    void aBadRowNamesLineAndColumnAndNothingIsWritten(
            String what, String row, int column, String columnName, String message) throws IOException {
        // written as Latin-1: the same bytes as UTF-8 for ASCII rows; a row with a Latin-1 letter is not UTF-8
        Path csv = Files.write(dir.resolve("trades.csv"), (GOOD + row + "\n5,7,XLON,BHP,1,1,B\n").getBytes(ISO_8859_1));
        Path store = dir.resolve("t.rec");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        100,
                        StorageForm.ARRAY_OF_STRUCTURES,
                        false,
                        (s, trade) -> TradeCsv.importInto(csv, s, trade, done -> {})))
                .isInstanceOf(CsvFormatException.class)
                .hasMessage(csv + ":6: column " + column + " (" + columnName + "): " + message)
                .satisfies(e -> {
                    assertThat(((CsvFormatException) e).line()).isEqualTo(6);
                    assertThat(((CsvFormatException) e).column()).isEqualTo(column);
                });
        assertThat(store).doesNotExist();
        assertThat(dir.resolve("t.rec.partial")).doesNotExist();
    }

    @Test
    void controlCharactersInABadRowAreShownEscapedAndALongHeaderIsCut() throws IOException {
        Path store = dir.resolve("t.rec");
        Path escape = csv(TradeCsv.HEADER + "\n1,7,XLON,BHP,24.50,100,B\u001b[2J\u0000\n");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        10,
                        StorageForm.ARRAY_OF_STRUCTURES,
                        false,
                        (s, trade) -> TradeCsv.importInto(escape, s, trade, done -> {})))
                .hasMessage(escape + ":2: column 7 (side): 'B\\u001B[2J\\u0000' is not B or S");
        Path binary = csv("x".repeat(100_000) + "\n");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        10,
                        StorageForm.ARRAY_OF_STRUCTURES,
                        false,
                        (s, trade) -> TradeCsv.importInto(binary, s, trade, done -> {})))
                .hasMessage(binary + ":1: expected the header " + TradeCsv.HEADER + ", found '" + "x".repeat(80)
                        + "...' (100000 characters)");
    }

    @Test
    void aLeadingByteOrderMarkAsExcelWritesIsSkipped() throws IOException {
        Path csv = csv("\uFEFF" + GOOD);
        Path store = dir.resolve("t.rec");
        long written = TradeFiles.writeNew(
                store,
                TradeCsv.countLines(csv),
                StorageForm.ARRAY_OF_STRUCTURES,
                false,
                (s, trade) -> TradeCsv.importInto(csv, s, trade, done -> {}));
        assertThat(written).isEqualTo(3);
    }

    @Test
    void tooManyColumnsAndBadHeadersNameTheLine() throws IOException {
        Path store = dir.resolve("t.rec");
        Path extra = csv(GOOD + "4,7,XLON,BHP,1,1,B,9\n");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        100,
                        StorageForm.COLUMNAR,
                        false,
                        (s, trade) -> TradeCsv.importInto(extra, s, trade, done -> {})))
                .hasMessage(extra + ":6: more than 7 columns; expected " + TradeCsv.HEADER);
        Path header = csv("id,client,venue\n1,2,3\n");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        100,
                        StorageForm.COLUMNAR,
                        false,
                        (s, trade) -> TradeCsv.importInto(header, s, trade, done -> {})))
                .hasMessageStartingWith(header + ":1: expected the header");
        Path empty = csv("");
        assertThatThrownBy(() -> TradeFiles.writeNew(
                        store,
                        100,
                        StorageForm.COLUMNAR,
                        false,
                        (s, trade) -> TradeCsv.importInto(empty, s, trade, done -> {})))
                .hasMessageStartingWith(empty + ":1: empty file");
        assertThat(store).doesNotExist();
    }

    @Test
    void aBadRowInAnAppendLeavesTheStoreAsItWas() throws IOException {
        Path store = dir.resolve("t.rec");
        Path good = csv(GOOD);
        TradeFiles.writeNew(
                store,
                100,
                StorageForm.ARRAY_OF_STRUCTURES,
                false,
                (s, trade) -> TradeCsv.importInto(good, s, trade, done -> {}));
        byte[] before = Files.readAllBytes(store);
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, TradeCsv.HEADER + "\n10,1,XLON,BHP,1,1,B\n11,1,XLON,BHP,1,1,Q\n");
        try (RecordStore records = TradeFiles.openForAppend(store)) {
            assertThatThrownBy(() -> TradeCsv.importInto(bad, records, records.bind(new Trade()), done -> {}))
                    .hasMessage(bad + ":3: column 7 (side): 'Q' is not B or S");
            assertThat(records.size()).isEqualTo(3);
        }
        try (RecordStore records = TradeFiles.openReadOnly(store)) {
            assertThat(records.size()).isEqualTo(3);
        }
        byte[] after = Files.readAllBytes(store);
        // the header and the three stored trades are unchanged (the bytes after them are not counted)
        assertThat(java.util.Arrays.copyOf(after, 4096 + 3 * 42))
                .isEqualTo(java.util.Arrays.copyOf(before, 4096 + 3 * 42));
    }

    /** What a full device does to a write into a sparse mapped file: SIGBUS, which the JVM throws as an InternalError. */
    private static void cutMappingAt(Path file, long length) throws IOException {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    @Test
    void aFaultWritingTheMappedFileIsAnIOExceptionNamingItAndNothingIsLeft() {
        Path store = dir.resolve("t.rec");
        assertThatThrownBy(() -> TradeFiles.writeNew(store, 1000, StorageForm.ARRAY_OF_STRUCTURES, false, (s, t) -> {
                    cutMappingAt(s.path(), 4096);
                    TradeGenerator.post(s, t, 1000, done -> {});
                }))
                .isInstanceOf(IOException.class)
                .hasMessage(store + ".partial: " + TradeFiles.MAPPED_WRITE_FAULT);
        assertThat(store).doesNotExist();
        assertThat(dir.resolve("t.rec.partial")).doesNotExist();
    }

    @Test
    void aFaultInAnAppendLeavesTheStoresCountAsItWas() throws IOException {
        Path store = dir.resolve("t.rec");
        Path good = csv(GOOD);
        TradeFiles.writeNew(
                store,
                1000,
                StorageForm.ARRAY_OF_STRUCTURES,
                false,
                (s, trade) -> TradeCsv.importInto(good, s, trade, done -> {}));
        StringBuilder rows = new StringBuilder(TradeCsv.HEADER + "\n");
        for (int i = 0; i < 500; i++) {
            rows.append(i).append(",1,XLON,BHP,1,1,B\n");
        }
        Path many = dir.resolve("many.csv");
        Files.writeString(many, rows);
        try (RecordStore records = TradeFiles.openForAppend(store)) {
            cutMappingAt(store, 8192); // the three trades stay; the 98th appended record faults
            assertThatThrownBy(() -> TradeCsv.importInto(many, records, records.bind(new Trade()), done -> {}))
                    .isInstanceOf(IOException.class)
                    .hasMessage(store + ": " + TradeFiles.MAPPED_WRITE_FAULT);
            assertThat(records.size()).isEqualTo(3);
        }
    }

    @Test
    void anExistingStoreIsNotReplacedWithoutBeingAsked() throws IOException {
        Path store = dir.resolve("t.rec");
        Files.writeString(store, "precious");
        assertThatThrownBy(() -> TradeFiles.writeNew(store, 1, StorageForm.COLUMNAR, false, (s, t) -> {}))
                .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
        assertThat(Files.readString(store)).isEqualTo("precious");
    }
}
