package mechsym.lab;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Both sides of a forked JVM's typed input: the parent writes one record as JSON, given to the child
 * as its only argument ({@code @FILE} when it is too long for a command line); the child reads it
 * back with one call. A malformed input is a one-line error naming the main and the field. Stateless
 * and thread-safe.
 */
public final class ChildInput {
    /** Starts the argument that names a file holding the input instead of the input itself. */
    public static final String FILE_PREFIX = "@";

    /** Longer inputs travel in a file: command lines have limits, and logs stay readable. */
    public static final int MAX_INLINE_CHARS = 4_000;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES); // an explicit null stays null

    private ChildInput() {}

    /** The parent's side: the record as one line of JSON. */
    public static String write(Object input) {
        try {
            return JSON.writeValueAsString(input);
        } catch (IOException e) {
            throw new UncheckedIOException("a forked JVM's input does not serialise: " + input, e);
        }
    }

    /**
     * The child's side: reads {@code args[0]} (JSON, or {@code @FILE}) as {@code type}.
     *
     * @param main the child's main class, named in errors
     * @throws IllegalArgumentException one line naming the main and the field that is wrong
     */
    static <T> T read(String[] args, Class<T> type, Class<?> main) {
        String who = main.getSimpleName();
        if (args.length != 1) {
            throw new IllegalArgumentException(who + ": expects one argument, its " + type.getSimpleName()
                    + " as JSON (or @FILE), got " + args.length);
        }
        String text = args[0];
        if (text.startsWith(FILE_PREFIX)) {
            Path file = Path.of(text.substring(FILE_PREFIX.length()));
            try {
                text = Files.readString(file);
            } catch (IOException e) {
                throw new IllegalArgumentException(who + ": cannot read its input file " + file + ": " + e);
            }
        }
        try {
            return JSON.readValue(text, type);
        } catch (JsonMappingException e) {
            String field = e.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."));
            throw new IllegalArgumentException(who + ": input " + type.getSimpleName()
                    + (field.isEmpty() ? "" : " field '" + field + "'") + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new IllegalArgumentException(who + ": input " + type.getSimpleName() + " is not JSON: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
