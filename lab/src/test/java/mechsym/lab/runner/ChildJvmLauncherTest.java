package mechsym.lab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mechsym.lab.ForkedJvm;
import mechsym.lab.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ChildJvmLauncherTest {
    /** What a child sends: one figure per line. */
    public record Figure(int run, long value) {}

    /** The child: results emitted while the JIT compiles, with PrintCompilation on. */
    public static final class Child {
        public static void main(String[] args) {
            int runs = Integer.parseInt(args[0]);
            long sum = 0;
            for (int run = 0; run < runs; run++) {
                for (int i = 0; i < 20_000; i++) {
                    sum += Integer.toString(i ^ run).hashCode(); // keeps the compiler threads printing
                }
                ForkedJvm.emit(new Figure(run, sum));
            }
            ForkedJvm.progress("done");
        }
    }

    /** A typed input: long enough, with {@code padding}, to travel in a file. */
    public record Echo(int times, String padding) {}

    /** The child: reads its one input and echoes it. */
    public static final class EchoChild {
        public static void main(String[] args) {
            Echo echo = ForkedJvm.input(args, Echo.class);
            for (int i = 0; i < echo.times(); i++) {
                ForkedJvm.emit(new Figure(i, echo.padding().length()));
            }
        }
    }

    @Test
    void aTypedInputReachesTheChildInlineOrInAFile(@TempDir Path dir) throws Exception {
        List<Figure> inline = new ChildJvmLauncher(EchoChild.class, dir, Progress.silent())
                .input(new Echo(2, "x"))
                .name("inline")
                .run(Figure.class);
        String big = "y".repeat(10_000);
        ChildJvmLauncher inFile = new ChildJvmLauncher(EchoChild.class, dir, Progress.silent());
        inFile.input(new Echo(1, big)).name("in-file");

        assertThat(inline).extracting(Figure::value).containsExactly(1L, 1L);
        assertThat(inFile.command().getLast()).isEqualTo("@" + dir.resolve("in-file.input.json"));
        assertThat(inFile.run(Figure.class)).extracting(Figure::value).containsExactly(10_000L);
    }

    @Test
    void everyResultArrivesWhileTheVmPrintsCompilations(@TempDir Path dir) throws Exception {
        List<Figure> figures = new ChildJvmLauncher(Child.class, dir, Progress.silent())
                .jvmArgs("-XX:+PrintCompilation", "-Xmx64m")
                .args(300)
                .name("child")
                .run(Figure.class);

        assertThat(figures).extracting(Figure::run).containsExactlyElementsOf(range(300));
        // the VM's output is in the log, not lost
        assertThat(Files.readString(dir.resolve("child.log"))).contains("::");
    }

    /** A child that reports one figure, then hangs with its stdout open. */
    public static final class HangingChild {
        public static void main(String[] args) throws InterruptedException {
            ForkedJvm.emit(new Figure(0, 1));
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    @Timeout(120) // killed at its 3 s timeout; waiting for the child to end on its own would hang here
    void aChildThatHangsIsKilledAtItsTimeoutWithAClearFailure(@TempDir Path dir) {
        ChildJvmLauncher fork = new ChildJvmLauncher(HangingChild.class, dir, Progress.silent());
        fork.name("hangs").timeoutSeconds(3);
        assertThatThrownBy(() -> fork.run(Figure.class))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("forked JVM 'hangs' did not finish in 3 s and was killed")
                .hasMessageContaining("hangs.log");
        assertThat(ProcessHandle.current().descendants())
                .noneMatch(p -> p.isAlive()
                        && p.info()
                                .arguments()
                                .map(a -> List.of(a).contains(HangingChild.class.getName()))
                                .orElse(false));
    }

    @Test
    void readsResultsAndProgressAndKeepsOtherLines() throws IOException {
        List<String> other = new ArrayList<>();
        List<Figure> figures = ChildJvmLauncher.readOutput(
                reader("hello\n@result {\"run\":0,\"value\":5}\n@progress half way\n@result {\"run\":1,\"value\":7}\n"),
                Figure.class,
                Progress.silent(),
                other);

        assertThat(figures).containsExactly(new Figure(0, 5), new Figure(1, 7));
        assertThat(other).containsExactly("hello");
    }

    @Test
    void aResultRunIntoOtherOutputIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> ChildJvmLauncher.readOutput(
                        reader("@result {\"run\":0,\"value\":5}\n6977 @result {\"run\":1,\"value\":7}\n"),
                        Figure.class,
                        Progress.silent(),
                        new ArrayList<>()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("stdout line 2")
                .hasMessageContaining("run into other output");
    }

    @Test
    void aResultCutShortIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> ChildJvmLauncher.readOutput(
                        reader("@result {\"run\":0,\"val\n"), Figure.class, Progress.silent(), new ArrayList<>()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("stdout line 1")
                .hasMessageContaining("not whole");
    }

    @Test
    void aResultWithSomethingAfterItIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> ChildJvmLauncher.readOutput(
                        reader("@result {\"run\":0,\"value\":5} 6977\n"),
                        Figure.class,
                        Progress.silent(),
                        new ArrayList<>()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("stdout line 1")
                .hasMessageContaining("not whole");
    }

    private static BufferedReader reader(String text) {
        return new BufferedReader(new StringReader(text));
    }

    private static List<Integer> range(int n) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            numbers.add(i);
        }
        return numbers;
    }
}
