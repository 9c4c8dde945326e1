package mechsym.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The child's side of a forked JVM's line protocol: results and progress on stdout. */
final class ChildOutput {
    static final String RESULT_PREFIX = "@result ";
    static final String PROGRESS_PREFIX = "@progress ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChildOutput() {}

    static void emit(Object result) {
        try {
            System.out.println(RESULT_PREFIX + JSON.writeValueAsString(result));
            System.out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void progress(String line) {
        System.out.println(PROGRESS_PREFIX + line);
        System.out.flush();
    }
}
