package mechsym.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import mechsym.core.codec.CodecBuffer;
import mechsym.tools.dump.DumpListener;
import mechsym.tools.dump.DumpSummary;
import mechsym.tools.dump.Dumper;
import mechsym.tools.dump.JsonDumpListener;
import mechsym.tools.dump.TextDumpListener;
import mechsym.tools.schema.MessageType;
import mechsym.tools.schema.Schema;
import mechsym.tools.schema.SchemaParseException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "dump",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Prints the framed messages of a mechsym binary stream, read by a schema.",
            "For each (docs/schema.md): offset, type name, version, length and fields by name;",
            "frames of unknown types as hex. Corrupt input is reported with its offset",
            "and reason; the dump goes on from the next frame it can trust, or with",
            "--strict stops there and exits 1."
        },
        footer = {
            "",
            "Example:",
            "  mechsym dump --schema samples/dump/orders.schema samples/dump/orders.bin",
            "Exit codes: 0 read to the end (any errors are reported inline and counted),",
            "1 corrupt input with --strict, an unreadable input, or output closed early",
            "(e.g. by head), 2 bad usage or schema."
        })
final class DumpCommand implements Callable<Integer> {
    /** A schema is a short text; a larger file is a mistake (the data file given as the schema). */
    static final long MAX_SCHEMA_BYTES = 16L << 20;

    @Option(
            names = "--schema",
            required = true,
            paramLabel = "SCHEMA",
            description = "The schema file naming the message types.")
    Path schemaFile;

    @Parameters(index = "0", paramLabel = "FILE|-", description = "The data file, or - for standard input.")
    String input;

    @Option(names = "--json", description = "One JSON object per line (JSON Lines) instead of text.")
    boolean json;

    @Option(names = "--strict", description = "Stop at the first error and exit 1.")
    boolean strict;

    @Override
    public Integer call() throws IOException {
        Schema schema = readSchema();
        if (schema.messages().isEmpty()) {
            System.err.println(
                    "mechsym: warning: " + schemaFile + " declares no message types: every frame prints as unknown");
        }
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        DumpListener listener = new StopWhenClosed(out, json ? new JsonDumpListener(out) : new TextDumpListener(out));
        DumpSummary summary;
        try {
            summary = dump(schema, listener);
        } catch (OutputClosed closed) {
            return Main.EXIT_FAILED; // `| head` has what it wanted: nothing to say, and no one to say it to
        }
        out.flush();
        if (strict && !summary.clean()) {
            System.err.println("mechsym: " + input + ": corrupt at offset " + summary.stoppedAt() + " (--strict)");
            return Main.EXIT_FAILED;
        }
        return Main.EXIT_OK;
    }

    private DumpSummary dump(Schema schema, DumpListener listener) throws IOException {
        if (input.equals("-")) {
            return dumpStandardInput(schema, listener);
        }
        Path file = Path.of(input);
        String problem = InputFiles.problem(file, "a data file", "; give its bytes on standard input with '-' instead");
        if (problem != null) {
            throw new Main.UsageError(problem);
        }
        return dumpFile(schema, file, listener);
    }

    /** Thrown when standard output is closed (a PrintStream only records that its write failed). */
    private static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super("standard output is closed", null, false, false);
        }
    }

    /**
     * Passes each event on, and every {@value #CHECK_EVERY} events checks that the output still
     * takes them: without this, {@code dump big.bin | head} formats every frame of the file.
     */
    private static final class StopWhenClosed implements DumpListener {
        private static final int CHECK_EVERY = 256;
        private final PrintStream out;
        private final DumpListener next;
        private int events;

        StopWhenClosed(PrintStream out, DumpListener next) {
            this.out = out;
            this.next = next;
        }

        private void check() {
            if (++events % CHECK_EVERY == 0 && out.checkError()) {
                throw new OutputClosed();
            }
        }

        @Override
        public void message(long offset, MessageType type, int bodyLength, Object[] values) {
            check();
            next.message(offset, type, bodyLength, values);
        }

        @Override
        public void unknown(long offset, int typeId, int version, String typeName, int bodyLength, byte[] preview) {
            check();
            next.unknown(offset, typeId, version, typeName, bodyLength, preview);
        }

        @Override
        public void error(long offset, String reason) {
            check();
            next.error(offset, reason);
        }

        @Override
        public void resynchronised(long offset, long skipped) {
            check();
            next.resynchronised(offset, skipped);
        }

        @Override
        public void summary(DumpSummary summary) {
            next.summary(summary);
        }
    }

    private DumpSummary dumpFile(Schema schema, Path file, DumpListener listener) throws IOException {
        try (Arena arena = Arena.ofConfined();
                FileChannel channel = FileChannel.open(file)) {
            MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            return dump(schema, mapped, listener);
        }
    }

    /**
     * Standard input is copied to a temporary file and mapped like a FILE: the dump needs random
     * access (to resynchronise), and a stream larger than the heap, or than a Java array's 2 GiB,
     * must not end in an OutOfMemoryError.
     */
    private DumpSummary dumpStandardInput(Schema schema, DumpListener listener) throws IOException {
        Path copy = Files.createTempFile("mechsym-dump-", ".bin");
        try {
            try {
                Files.copy(System.in, copy, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new IOException(
                        "standard input: cannot keep a copy in " + copy.getParent() + " (" + e.getMessage() + ")", e);
            }
            return dumpFile(schema, copy, listener);
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    private DumpSummary dump(Schema schema, MemorySegment data, DumpListener listener) {
        CodecBuffer buffer = CodecBuffer.of(data, schema.byteOrder());
        return new Dumper(schema, strict).dump(buffer, buffer.capacity(), listener);
    }

    private Schema readSchema() throws IOException {
        String problem = InputFiles.problem(schemaFile, "a schema file", "");
        if (problem != null && Files.exists(schemaFile)) { // a missing one is named by the read below
            throw new Main.UsageError(problem);
        }
        if (Files.isRegularFile(schemaFile) && Files.size(schemaFile) > MAX_SCHEMA_BYTES) {
            throw new Main.UsageError(schemaFile + ": " + Files.size(schemaFile) + " bytes is too large for a schema"
                    + " (at most " + MAX_SCHEMA_BYTES + "); is it the data file?");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(schemaFile);
        } catch (NoSuchFileException e) {
            throw new Main.UsageError(schemaFile + ": no such schema file");
        }
        String text = decodeSchemaText(bytes);
        try {
            return Schema.parse(text);
        } catch (SchemaParseException e) {
            throw new Main.UsageError(schemaFile + ":" + e.line() + ":" + e.column() + ": " + e.reason());
        }
    }

    /**
     * The schema file as text, or a usage error naming the line and column (counted as the schema
     * parser counts them) and the byte offset of the first bytes that are not UTF-8.
     */
    private String decodeSchemaText(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(in, out, true);
        if (!result.isError()) {
            return out.flip().toString();
        }
        int line = 1;
        int column = 1;
        for (int i = 0; i < out.position(); i++) {
            char c = out.get(i);
            boolean crlf = c == '\r' && i + 1 < out.position() && out.get(i + 1) == '\n';
            if (c == '\n' || (c == '\r' && !crlf)) {
                line++;
                column = 1;
            } else if (!crlf) {
                column++;
            }
        }
        throw new Main.UsageError(schemaFile + ":" + line + ":" + column + ": bytes that are not UTF-8 text (at byte "
                + in.position() + ")");
    }
}
