package mechsym.lab.runner;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import mechsym.lab.LabRun;

/** Writes and reads results.json (schema {@value LabRun#SCHEMA}, see docs/results-schema.md). */
public final class ResultsJson {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

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
        com.fasterxml.jackson.databind.JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not JSON (" + e.getMessage() + ")", e);
        }
        String schema =
                tree != null && tree.hasNonNull("schema") ? tree.get("schema").asText() : null;
        if (!LabRun.SCHEMA.equals(schema)) {
            throw new IOException(file + ": schema is '" + schema + "', expected '" + LabRun.SCHEMA + "'");
        }
        LabRun run;
        try {
            run = JSON.treeToValue(tree, LabRun.class);
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": not a complete mechsym results file (" + e.getMessage() + ")", e);
        }
        return run;
    }
}
