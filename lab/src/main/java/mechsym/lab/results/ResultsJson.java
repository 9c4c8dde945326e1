package mechsym.lab.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import mechsym.tools.platform.IoReasons;

/** Writes and reads results.json (schema {@value LabRun#SCHEMA}, see docs/results-schema.md). */
public final class ResultsJson {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("finite-or-null")
                    .addSerializer(Double.class, new FiniteOrNull())
                    .addSerializer(double.class, new FiniteOrNull()));

    private ResultsJson() {}

    public static void write(LabRun run, Path file) throws IOException {
        JSON.writeValue(file.toFile(), run);
    }

    /**
     * Reads a results file.
     *
     * @throws IOException naming the file and what is wrong with it (missing, not JSON, another schema)
     */
    public static LabRun read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such results file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw IoReasons.naming(file, e); // a read error (EIO) in the system's words, with the file
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            // Jackson's own message spans lines and describes its source as "REDACTED"
            JsonLocation at = e.getLocation();
            throw new IOException(
                    file + (at != null ? ":" + at.getLineNr() + ":" + at.getColumnNr() : "") + ": not JSON ("
                            + e.getOriginalMessage().lines().findFirst().orElse("") + ")",
                    e);
        }
        if (tree == null || !tree.hasNonNull("schema")) {
            throw new IOException(
                    file + ": not a mechsym results file (no 'schema'; expected '" + LabRun.SCHEMA + "')");
        }
        String schema = tree.get("schema").asText();
        if (!LabRun.SCHEMA.equals(schema)) {
            throw new IOException(file + ": schema is '" + schema + "', expected '" + LabRun.SCHEMA + "'");
        }
        clearLegacyNonFiniteFigures(tree);
        LabRun run;
        try {
            run = JSON.treeToValue(tree, LabRun.class);
        } catch (MismatchedInputException e) {
            throw new IOException(file + ": not a complete mechsym results file: " + where(e) + mismatch(e, tree), e);
        } catch (JsonMappingException e) {
            throw new IOException(file + ": not a complete mechsym results file: " + where(e) + problem(e), e);
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": not a complete mechsym results file (" + e.getMessage() + ")", e);
        }
        return run;
    }

    /**
     * A figure that is not a number (JMH's error of a single fork, a ratio with nothing to divide
     * by) is written as null, "no figure". Jackson's default writes it as the text "NaN", which a
     * reader takes for a text cell: {@code lab compare} then keys rows by it and stops matching them.
     */
    private static final class FiniteOrNull extends StdSerializer<Double> {
        FiniteOrNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator json, SerializerProvider provider) throws IOException {
            if (Double.isFinite(value)) {
                json.writeNumber(value);
            } else {
                json.writeNull();
            }
        }
    }

    /**
     * Files written before non-finite figures became null hold them as the text "NaN" or "Infinity"
     * in columns with a unit; read as text they would become part of their row's key and keep the
     * row from matching a newer run's. They are read as null. Anything not shaped as expected is
     * left for the mapping to name.
     */
    private static void clearLegacyNonFiniteFigures(JsonNode tree) {
        for (JsonNode experiment : tree.path("experiments")) {
            for (JsonNode table : experiment.path("tables")) {
                JsonNode columns = table.path("columns");
                for (JsonNode row : table.path("rows")) {
                    if (!(row instanceof ArrayNode cells)) {
                        continue;
                    }
                    for (int c = 0; c < cells.size() && c < columns.size(); c++) {
                        boolean numeric = columns.get(c).hasNonNull("unit");
                        String text = cells.get(c).isTextual() ? cells.get(c).asText() : "";
                        if (numeric && (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity"))) {
                            cells.set(c, NullNode.getInstance());
                        }
                    }
                }
            }
        }
    }

    /** Where in the file, as a path like {@code experiments[0].tables[2]: }, or nothing at the top. */
    private static String where(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference step : e.getPath()) {
            if (step.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                path.append('[').append(step.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "" : path + ": ";
    }

    /**
     * A value of the wrong kind, in JSON's words ("expected an array, found text"), not Jackson's
     * ("Cannot deserialize value of type `java.util.ArrayList<...>` from String value").
     */
    private static String mismatch(MismatchedInputException e, JsonNode tree) {
        Class<?> type = e.getTargetType();
        if (type == null || e.getPath().isEmpty()) {
            return problem(e);
        }
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference step : e.getPath()) {
            pointer.append('/').append(step.getFieldName() != null ? step.getFieldName() : step.getIndex());
        }
        JsonNode found = tree.at(pointer.toString());
        String expected = java.util.Collection.class.isAssignableFrom(type) || type.isArray()
                ? "an array"
                : Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)
                        ? "a number"
                        : type == String.class
                                ? "text"
                                : type == Boolean.class || type == boolean.class ? "true or false" : "an object";
        String actual = switch (found.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case NUMBER -> "a number";
            case STRING, BINARY -> "text";
            case BOOLEAN -> "true or false";
            case NULL, MISSING -> "nothing";
        };
        return expected.equals(actual) ? problem(e) : "expected " + expected + ", found " + actual;
    }

    /** What was wrong: the record's own complaint if it made one, else Jackson's. */
    private static String problem(JsonMappingException e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause != e && cause.getMessage() != null ? cause.getMessage() : e.getOriginalMessage();
    }
}
