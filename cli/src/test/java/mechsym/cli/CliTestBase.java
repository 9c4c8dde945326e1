package mechsym.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Runs the CLI in-process with System.out and System.err captured (commands print through both:
 * picocli's writers and the commands' own progress lines), restored after each test.
 */
abstract class CliTestBase {
    protected final ByteArrayOutputStream out = new ByteArrayOutputStream();
    protected final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @BeforeEach
    final void captureConsole() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    final void restoreConsole() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    /** Runs {@code mechsym ARGS...} and returns its exit code. */
    protected final int run(String... args) {
        return Main.commandLine()
                .setOut(new PrintWriter(System.out, true))
                .setErr(new PrintWriter(System.err, true))
                .execute(args);
    }

    protected final String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    protected final String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
