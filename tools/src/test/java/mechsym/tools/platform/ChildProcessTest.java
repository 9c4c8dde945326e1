package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lifecycle of a child: ready line, deadline, stop, tree kill, and no child left when its parent
 * JVM is killed with SIGKILL.
 */
@Timeout(60) // every wait here is bounded by the type under test; a hang fails
class ChildProcessTest {
    @TempDir
    Path dir;

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String NL = System.lineSeparator();

    @Test
    void aStartedChildIsReadyAtItsReadyLineAndStopsAtClose() throws Exception {
        Path log = dir.resolve("child.log");
        ChildProcess child;
        try (ChildProcess started = ChildProcess.command("sh", "-c", "echo starting; echo ready 42; exec sleep 600")
                .log(log)
                .start(line -> line.startsWith("ready "), DEADLINE)) {
            child = started;
            assertThat(child.readyLine()).isEqualTo("ready 42");
            assertThat(child.isAlive()).isTrue();
        }
        assertThat(child.isAlive()).isFalse();
        assertThat(Files.readAllLines(log)).containsExactly("starting", "ready 42");
    }

    @Test
    void noReadyLineWithinTheDeadlineNamesTheChildShowsItsLastLinesAndKillsIt() throws Exception {
        assertThatThrownBy(() -> ChildProcess.command("sh", "-c", "echo pid $$; echo still starting; exec sleep 600")
                        .name("the slow server")
                        .log(dir.resolve("slow.log"))
                        .start(line -> line.equals("ready"), Duration.ofSeconds(1)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the slow server printed no ready line within 1 s")
                .hasMessageContaining("slow.log")
                .hasMessageContaining("still starting")
                .satisfies(e -> assertGone(pidIn(e.getMessage())));
    }

    @Test
    void aChildThatExitsBeforeItIsReadySaysSoWithItsLastLines() {
        assertThatThrownBy(() -> ChildProcess.command("sh", "-c", "echo no such port >&2; exit 3")
                        .log(dir.resolve("bad.log"))
                        .start(line -> line.equals("ready"), DEADLINE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("`sh -c")
                .hasMessageContaining("exited with 3 before it was ready")
                .hasMessageContaining("no such port");
    }

    @Test
    void aLogThatCannotBeWrittenIsNamedAndTheChildStopped() {
        Path log = dir.resolve("no-such-folder").resolve("child.log");
        assertThatThrownBy(() -> ChildProcess.command("sh", "-c", "echo ready; exec sleep 600")
                        .name("the child")
                        .log(log)
                        .start("ready"::equals, DEADLINE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the child could not have its output kept: " + log);
    }

    @Test
    void closeKillsTheWholeTreeEvenWhenTheChildLeavesItsOwnChildrenBehind() throws Exception {
        List<ProcessHandle> tree = new ArrayList<>();
        try (ChildProcess child = ChildProcess.command("sh", "-c", "sleep 600 & sleep 600 & echo ready; wait")
                .log(dir.resolve("tree.log"))
                .start("ready"::equals, DEADLINE)) {
            ProcessHandle.of(child.pid()).orElseThrow().descendants().forEach(tree::add);
            assertThat(tree).hasSize(2);
        }
        tree.forEach(ChildProcessTest::assertGone);
    }

    @Test
    void aChildThatRunsToItsEndGivesItsOutputAndExitCode() throws Exception {
        List<String> lines = new ArrayList<>();
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo one; echo two >&2; exit 3")
                .run(DEADLINE, out -> out.lines().forEach(lines::add));
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.exitCode()).isEqualTo(3);
        assertThat(lines).containsExactly("one", "two");
    }

    @Test
    void aChildThatHangsWithItsOutputOpenIsKilledAtTheDeadlineWithItsChildren() throws Exception {
        List<ProcessHandle> started = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo $$; sleep 120 & echo $!; sleep 120")
                .run(Duration.ofSeconds(1), out -> {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        if (line.matches("\\d+")) { // the shell may also say its child was "Killed"
                            lines.add(line);
                            ProcessHandle.of(Long.parseLong(line)).ifPresent(started::add);
                        }
                    }
                });
        assertThat(outcome.timedOut()).isTrue();
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(lines).hasSize(2); // the shell, and the child it left running
        assertThat(started).hasSize(2);
        started.forEach(ChildProcessTest::assertGone);
    }

    @Test
    void aReaderThatFailsKillsTheChild() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo bad; sleep 120")
                .run(DEADLINE, out -> {
                    out.readLine();
                    throw new IOException("a line it could not read");
                });
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.readError()).hasMessage("a line it could not read");
    }

    @Test
    void aReaderThatThrowsSomethingElseIsAReadErrorNotASuccessNorATimeout() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo not-a-number; sleep 120")
                .run(DEADLINE, out -> Long.parseLong(out.readLine()));
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.readError())
                .hasMessage("NumberFormatException: For input string: \"not-a-number\"")
                .hasCauseInstanceOf(NumberFormatException.class);
    }

    @Test
    void aChildThatSucceededHasNoFailure() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo fine")
                .run(DEADLINE, out -> out.lines().forEach(_ -> {}));
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.failureInOneLine()).isEmpty();
        assertThat(outcome.requireSuccess()).isSameAs(outcome);
    }

    @Test
    void aNonZeroExitNamesTheChildItsCodeAndItsLastLines() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo one; echo two >&2; exit 3")
                .name("the counter")
                .run(DEADLINE, out -> out.lines().forEach(_ -> {}));
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.failure())
                .hasValue("the counter exited with 3; its last lines:" + NL + "  one" + NL + "  two");
        assertThatThrownBy(outcome::requireSuccess)
                .isInstanceOf(IOException.class)
                .hasMessage(outcome.failure().orElseThrow())
                .hasNoCause();
    }

    @Test
    void aChildWithALogIsShownByWhatItWroteThereInThisRunOnly() throws Exception {
        Path log = dir.resolve("shared.log");
        Files.writeString(log, "an earlier run's line" + NL);
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo result; echo no such file >&2; exit 2")
                .log(log)
                .run(DEADLINE, out -> out.lines().forEach(_ -> {}));
        assertThat(outcome.failure().orElseThrow())
                .startsWith("`sh -c echo result; echo no such file >&2; exit 2` exited with 2 (log: " + log + ")")
                .endsWith("(log: " + log + "); its last lines:" + NL + "  no such file") // stderr, this run's
                .doesNotContain("earlier run");
        assertThat(outcome.failureInOneLine())
                .hasValue("`sh -c echo result; echo no such file >&2; exit 2` exited with 2 (log: " + log + ")");
    }

    @Test
    void aChildThatPrintedNothingSaysSo() throws Exception {
        ChildProcess.Outcome outcome =
                ChildProcess.command("sh", "-c", "exit 1").name("quiet").run(DEADLINE, out -> {});
        assertThat(outcome.failure()).hasValue("quiet exited with 1 (it printed nothing)");
    }

    @Test
    void onlyTheLastLinesOfALongOutputAreShownEachCutShort() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command(
                        "sh",
                        "-c",
                        "i=0; while [ $i -lt 5000 ]; do echo line $i; i=$((i+1)); done; "
                                + "printf '%0400d\\n' 7; exit 4")
                .run(DEADLINE, out -> out.lines().forEach(_ -> {}));
        List<String> lines = outcome.lastLines();
        assertThat(lines).hasSize(ChildProcess.FAILURE_LINES);
        assertThat(lines.get(lines.size() - 2)).isEqualTo("line 4999");
        assertThat(lines.getLast()).hasSize(303).endsWith("...");
    }

    @Test
    void aTimeoutNamesTheDeadline() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo waiting; exec sleep 120")
                .name("the sleeper")
                .run(Duration.ofSeconds(1), out -> out.lines().forEach(_ -> {}));
        assertThat(outcome.failure())
                .hasValue("the sleeper did not finish in 1 s and was killed; its last lines:" + NL + "  waiting");
        ChildProcess.Outcome quick = ChildProcess.command("sh", "-c", "exec sleep 120")
                .name("the sleeper")
                .run(Duration.ofMillis(300), out -> out.lines().forEach(_ -> {}));
        assertThat(quick.failure().orElseThrow()).startsWith("the sleeper did not finish in 300 ms and was killed");
    }

    @Test
    void aReadErrorIsTheFailureAndTheCauseOfTheException() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo bad; exit 0")
                .name("the talker")
                .run(DEADLINE, out -> {
                    out.readLine();
                    throw new IOException("a line it could not read");
                });
        assertThat(outcome.failure().orElseThrow())
                .startsWith("the talker: its output could not be read: a line it could not read");
        assertThatThrownBy(outcome::requireSuccess)
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("the talker: its output could not be read")
                .hasCause(outcome.readError());
    }

    @Test
    void aReaderThatThrowsSomethingElseFailsWithItsKindAndItAsTheRootCause() throws Exception {
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo not-a-number")
                .name("the parser's child")
                .run(DEADLINE, out -> Long.parseLong(out.readLine()));
        assertThat(outcome.failure().orElseThrow())
                .startsWith("the parser's child: its output could not be read: NumberFormatException: For input"
                        + " string: \"not-a-number\"");
        assertThatThrownBy(outcome::requireSuccess).hasRootCauseInstanceOf(NumberFormatException.class);
    }

    @Test
    void runningIntoTheLogPutsBothStreamsThereAndShowsThem() throws Exception {
        Path log = dir.resolve("both.log");
        ChildProcess.Outcome outcome = ChildProcess.command("sh", "-c", "echo out; echo err >&2; exit 5")
                .name("both")
                .log(log)
                .run(DEADLINE);
        assertThat(Files.readAllLines(log)).containsExactly("out", "err");
        assertThat(outcome.failure())
                .hasValue("both exited with 5 (log: " + log + "); its last lines:" + NL + "  out" + NL + "  err");
        assertThatThrownBy(() -> ChildProcess.command("true").run(DEADLINE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no log for the output of `true`");
    }

    @Test
    void aProgramThatCannotStartIsNamed() {
        assertThatThrownBy(() -> ChildProcess.command("/no/such/program", "x").run(DEADLINE, out -> {}))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot start `program x`");
    }

    @Test
    void aJavaChildWatchingStdinExitsWhenItsParentIsKilledWithSigkill() throws Exception {
        ProcessHandle grandchild = startOrphan("stdin", dir.resolve("unused"));
        assertGone(grandchild);
    }

    @Test
    void aReapedChildIsKilledAndItsFolderRemovedWhenItsParentIsKilledWithSigkill() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("server-data"));
        Files.writeString(folder.resolve("journal"), "x");
        ProcessHandle grandchild = startOrphan("reaper", folder);
        assertGone(grandchild);
        while (Files.exists(folder)) { // the reaper removes it after the kill; @Timeout bounds the wait
            Thread.sleep(50);
        }
    }

    /**
     * Starts {@link Parent} in a JVM of its own, which starts a child watched as {@code watch} says;
     * kills that parent JVM with SIGKILL and returns the child, now without a parent.
     */
    private ProcessHandle startOrphan(String watch, Path folder) throws Exception {
        try (ChildProcess parent = ChildProcess.command(
                        javaCommand(Parent.class.getName(), watch, folder.toString(), dir.toString()))
                .log(dir.resolve("parent.log"))
                .start(line -> line.startsWith(Parent.CHILD), DEADLINE)) {
            ProcessHandle child = ProcessHandle.of(
                            Long.parseLong(parent.readyLine().substring(Parent.CHILD.length())))
                    .orElseThrow();
            assertThat(child.isAlive()).isTrue();
            ProcessHandle.of(parent.pid()).orElseThrow().destroyForcibly(); // kill -9
            assertThat(parent.waitFor(DEADLINE)).isTrue();
            return child;
        }
    }

    static List<String> javaCommand(String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
        command.addAll(List.of(args));
        return command;
    }

    private static long pidIn(String message) {
        int at = message.indexOf("pid ") + 4;
        return Long.parseLong(message.substring(at, message.indexOf(System.lineSeparator(), at))
                .strip());
    }

    private static void assertGone(long pid) {
        ProcessHandle.of(pid).ifPresent(ChildProcessTest::assertGone);
    }

    private static void assertGone(ProcessHandle process) {
        process.onExit().join(); // bounded by @Timeout
        assertThat(process.isAlive()).isFalse();
    }

    /**
     * A parent JVM: starts a child ({@code stdin}: a JVM running {@link Sleeper} under {@link
     * ExitOnStdinClose}; {@code reaper}: {@code sleep}, with FOLDER removed when orphaned), prints its
     * pid, and waits to be killed.
     */
    public static final class Parent {
        static final String CHILD = "@child ";

        public static void main(String[] args) throws Exception {
            Path folder = Path.of(args[1]);
            Path logs = Path.of(args[2]);
            ChildProcess child = args[0].equals("stdin")
                    ? ChildProcess.command(javaCommand(ExitOnStdinClose.class.getName(), Sleeper.class.getName()))
                            .watch(ChildProcess.ParentWatch.STDIN)
                            .log(logs.resolve("grandchild.log"))
                            .start(Sleeper.READY::equals, DEADLINE)
                    : ChildProcess.command("sh", "-c", "echo ready; exec sleep 600")
                            .removeWhenOrphaned(folder)
                            .log(logs.resolve("grandchild.log"))
                            .start("ready"::equals, DEADLINE);
            System.out.println(CHILD + child.pid());
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(10));
        }
    }

    /** A child JVM that only sleeps: it ends when its stdin closes. */
    public static final class Sleeper {
        static final String READY = "sleeping";

        public static void main(String[] args) throws Exception {
            System.out.println(READY);
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(10));
        }
    }
}
