package mechsym.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The launcher's {@code fuzz} verb as a user meets it: it lists the fuzz tests it finds in the
 * sources and refuses a name or a duration it does not know, before starting any build. (Fuzzing
 * itself runs Maven, which this suite is already inside: {@code ./mechsym fuzz} is exercised by
 * hand, and its fuzz tests run in regression mode in the suite.)
 */
class LauncherFuzzIT {
    private record Run(int exitCode, String output) {}

    private static Run launcher(String... arguments) throws IOException, InterruptedException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String[] command = new String[arguments.length + 2];
        command[0] = "bash";
        command[1] = root.resolve("mechsym").toString();
        System.arraycopy(arguments, 0, command, 2, arguments.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).as("finished").isTrue();
        return new Run(p.exitValue(), output);
    }

    @Test
    void listsTheFuzzTestsOfEveryModule() throws Exception {
        Run run = launcher("fuzz");
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output())
                .contains("Usage: mechsym fuzz")
                .contains("framesDecodeOrFailAtAnOffset")
                .contains("utf8EncodesAsTheJdkOrOverflows")
                .contains("core: Utf8FuzzTest")
                .contains("dumpsAnyBytes")
                .contains("tools: DumpFuzzTest");
    }

    @Test
    void refusesAnUnknownNameOrDuration() throws Exception {
        Run unknown = launcher("fuzz", "noSuchTest");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.output()).contains("no fuzz test named 'noSuchTest'");

        Run badDuration = launcher("fuzz", "dumpsAnyBytes", "ten minutes");
        assertThat(badDuration.exitCode()).isEqualTo(2);
        assertThat(badDuration.output()).contains("bad duration 'ten minutes'");
    }
}
