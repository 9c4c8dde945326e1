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
        LabRun run;
        try {
            run = JSON.readValue(file.toFile(), LabRun.class);
        } catch (IOException e) {
            throw new IOException(file + ": not a mechsym results file (" + e.getMessage() + ")", e);
        }
        if (run == null || !LabRun.SCHEMA.equals(run.schema())) {
            throw new IOException(file + ": schema is '" + (run == null ? null : run.schema()) + "', expected '"
                    + LabRun.SCHEMA + "'");
        }
        return run;
    }

    static String toJson(Object value) throws IOException {
        return JSON.writeValueAsString(value);
    }
}
