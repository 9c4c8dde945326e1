package mechsym.stress;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import mechsym.stress.NegativeControls.Tally;
import mechsym.stress.NegativeControls.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check after a jcstress run, fed made-up tallies: caught, not caught, not run, no results. */
class NegativeControlsTest {
    private static final String SEQUENCE = "mechsym.stress.concurrent.BrokenSequenceIncrementTest";
    private static final String WAKE_UP = "mechsym.stress.concurrent.BrokenWakeUpTest";

    @Test
    void passesWhenEveryControlShowedItsBug() {
        Verdict verdict = NegativeControls.judge(
                Map.of(SEQUENCE, new Tally(3, 1000), WAKE_UP, new Tally(1, 50)), Set.of(SEQUENCE, WAKE_UP));
        assertThat(verdict.exitCode()).isEqualTo(NegativeControls.EXIT_CAUGHT);
        assertThat(verdict.lines())
                .containsExactly(
                        "negative control " + SEQUENCE + ": caught, 3 of 1000 samples showed the bug",
                        "negative control " + WAKE_UP + ": caught, 1 of 50 samples showed the bug");
    }

    @Test
    void failsNamingAControlWhoseBugWasNotObserved() {
        Verdict verdict =
                NegativeControls.judge(Map.of(SEQUENCE, new Tally(0, 1000), WAKE_UP, new Tally(1, 50)), Set.of());
        assertThat(verdict.exitCode()).isEqualTo(NegativeControls.EXIT_NOT_CAUGHT);
        assertThat(verdict.lines())
                .contains("negative control " + SEQUENCE
                        + ": NOT caught in 1000 samples: the harness did not show this bug");
    }

    @Test
    void failsNamingAnExpectedControlThatDidNotRun() {
        Verdict verdict = NegativeControls.judge(Map.of(SEQUENCE, new Tally(2, 10)), Set.of(SEQUENCE, WAKE_UP));
        assertThat(verdict.exitCode()).isEqualTo(NegativeControls.EXIT_NOT_CAUGHT);
        assertThat(verdict.lines())
                .contains("negative control " + WAKE_UP
                        + ": NOT run, no result in the jcstress results (a control that does not run cannot fail)");
    }

    @Test
    void saysSoWhenTheSelectionLeftEveryControlOut() {
        Verdict verdict = NegativeControls.judge(Map.of(), Set.of());
        assertThat(verdict.exitCode()).isEqualTo(NegativeControls.EXIT_CAUGHT);
        assertThat(verdict.lines()).containsExactly("negative controls: none ran (the test selection left them out)");
    }

    @Test
    void noResultFileIsExitTwoNamingTheDirectory(@TempDir Path empty) throws Exception {
        Verdict verdict = NegativeControls.check(empty, Set.of(SEQUENCE));
        assertThat(verdict.exitCode()).isEqualTo(NegativeControls.EXIT_NO_RESULTS);
        assertThat(verdict.lines())
                .containsExactly("negative controls: no jcstress-results-*.bin.gz in " + empty.toAbsolutePath());
    }

    @Test
    void theControlsExpectedAreTheSelectedBrokenTestClassesInTheJar(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("jcstress.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String entry : new String[] {
                "mechsym/stress/concurrent/BrokenSequenceIncrementTest.class",
                "mechsym/stress/concurrent/BrokenSequenceIncrementTest$State.class",
                "mechsym/stress/concurrent/BrokenSequenceIncrementTest_jcstress.class",
                "mechsym/stress/concurrent/SpscQueueTest.class",
                "mechsym/stress/litmus/BrokenLitmusTest.class",
                "META-INF/TestList"
            }) {
                out.putNextEntry(new JarEntry(entry)); // an empty entry is enough
                out.closeEntry();
            }
        }
        assertThat(NegativeControls.controlsIn(jar, Pattern.compile("mechsym\\.stress\\.concurrent\\..*")))
                .containsExactly(SEQUENCE);
        assertThat(NegativeControls.controlsIn(jar, Pattern.compile("mechsym\\.stress\\..*")))
                .containsExactly(SEQUENCE, "mechsym.stress.litmus.BrokenLitmusTest");
    }
}
