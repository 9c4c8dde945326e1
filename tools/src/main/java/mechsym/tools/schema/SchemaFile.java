package mechsym.tools.schema;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import mechsym.tools.platform.IoReasons;

/** Reads a schema from a file: UTF-8 text of bounded size. Stateless and thread-safe. */
public final class SchemaFile {
    /** A schema is a short text; a larger file is a mistake (the data file given as the schema). */
    public static final long MAX_BYTES = 16L << 20;

    private SchemaFile() {}

    /**
     * The schema in {@code file}.
     *
     * @throws NoSuchFileException if there is no such file
     * @throws IllegalArgumentException if it is a directory, not a regular file, or larger than
     *     {@link #MAX_BYTES} (the message names the file)
     * @throws SchemaParseException for text that is not UTF-8 or not a schema, with line and column
     * @throws IOException if it cannot be read; the message names the file
     */
    public static Schema read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + ": is a directory, not a schema file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": not a regular file (a device or a pipe)");
        }
        byte[] bytes;
        try {
            if (Files.isRegularFile(file) && Files.size(file) > MAX_BYTES) {
                throw new IllegalArgumentException(file + ": " + Files.size(file) + " bytes is too large for a schema"
                        + " (at most " + MAX_BYTES + "); is it the data file?");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw IoReasons.naming(file, e);
        }
        return Schema.parse(text(bytes));
    }

    /**
     * The bytes as text, or a {@link SchemaParseException} naming the line and column (counted as the
     * schema parser counts them) and the byte offset of the first bytes that are not UTF-8.
     */
    static String text(byte[] bytes) {
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
        throw new SchemaParseException(line, column, "bytes that are not UTF-8 text (at byte " + in.position() + ")");
    }
}
