package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A child that hangs with its output open is killed at the timeout, with what it started. */
class ChildProcessTest {

    private static Process start(String script) throws IOException {
        return new ProcessBuilder("sh", "-c", script).start();
    }

    @Test
    void aChildThatFinishesGivesItsOutputAndExitCode() throws Exception {
        List<String> lines = new ArrayList<>();
        ChildProcess.Outcome outcome = ChildProcess.await(
                start("echo one; echo two; exit 3"), 30, out -> out.lines().forEach(lines::add));
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.exitCode()).isEqualTo(3);
        assertThat(lines).containsExactly("one", "two");
    }

    @Test
    @Timeout(20) // the 1 s timeout must end it; a hang fails here
    void aChildThatHangsWithItsOutputOpenIsKilledAtTheTimeoutWithItsChildren() throws Exception {
        Process process = start("echo started; sleep 120 & sleep 120");
        List<ProcessHandle> started = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        ChildProcess.Outcome outcome = ChildProcess.await(process, 1, out -> {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                process.descendants().forEach(started::add);
            }
        });

        assertThat(outcome.timedOut()).isTrue();
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(lines).containsExactly("started");
        assertThat(process.isAlive()).isFalse();
        for (ProcessHandle child : started) {
            child.onExit().get(); // each one ends: killed with its parent
            assertThat(child.isAlive()).isFalse();
        }
    }

    @Test
    void aReaderThatFailsKillsTheChild() throws Exception {
        Process process = start("echo bad; sleep 120");
        ChildProcess.Outcome outcome = ChildProcess.await(process, 60, out -> {
            out.readLine();
            throw new IOException("a line it could not read");
        });
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.readError()).hasMessage("a line it could not read");
        assertThat(process.isAlive()).isFalse();
    }
}
