package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeProgramsTest {
    @TempDir
    Path dir;

    private static boolean compilerPresent() {
        try {
            Process p = new ProcessBuilder("g++", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A copy of the repository's native/ folder, so the test builds from scratch and leaves it alone. */
    private Path copyOfNative() throws IOException {
        Path source = NativePrograms.locate();
        assertThat(source).as("native/ of this repository").isNotNull();
        Path copy = Files.createDirectories(dir.resolve("native"));
        try (var files = Files.list(source)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        return copy;
    }

    @Test
    void buildsTheCasProgramFromScratchAndItCountsEveryIncrement() throws Exception {
        assumeTrue(compilerPresent(), "g++ is not installed");
        NativePrograms.Program program = NativePrograms.at(copyOfNative()).build("atomic_inc");
        assertThat(program.problem()).isNull();
        assertThat(program.executable()).isExecutable();
        List<String> lines = program.run(dir.resolve("log"), 60, 2, 2, 100_000, 1);
        assertThat(lines).hasSize(1);
        assertThat(lines.getFirst())
                .contains("\"case\":\"LOCK XADD\"", "\"threads\":2")
                .containsPattern("\"counter\":10000[01]");
    }

    @Test
    void rebuildsOnlyWhenASourceIsNewerThanTheBinary() throws Exception {
        assumeTrue(compilerPresent(), "g++ is not installed");
        Path nativeDir = copyOfNative();
        NativePrograms baselines = NativePrograms.at(nativeDir);
        Path binary = baselines.build("pingpong").executable();
        long built = Files.getLastModifiedTime(binary).toMillis();
        assertThat(baselines.build("pingpong").executable()).isEqualTo(binary);
        assertThat(Files.getLastModifiedTime(binary).toMillis()).isEqualTo(built);
        Files.setLastModifiedTime(
                nativeDir.resolve("pingpong.cpp"), java.nio.file.attribute.FileTime.fromMillis(built + 60_000));
        assertThat(baselines.build("pingpong").isAvailable()).isTrue();
        assertThat(Files.getLastModifiedTime(binary).toMillis()).isGreaterThan(built);
        List<String> lines = baselines.build("pingpong").run(dir.resolve("log"), 60, 5, 1, "release");
        assertThat(lines.getFirst()).contains("\"order\":\"release\"").contains("\"roundTrips\":");
    }

    @Test
    void aBrokenSourceIsReportedNotThrown() throws Exception {
        assumeTrue(compilerPresent(), "g++ is not installed");
        Path nativeDir = copyOfNative();
        Files.writeString(nativeDir.resolve("pingpong.cpp"), "this is not C++\n");
        NativePrograms.Program program = NativePrograms.at(nativeDir).build("pingpong");
        assertThat(program.isAvailable()).isFalse();
        assertThat(program.problem())
                .contains("`make -C " + nativeDir + " build/pingpong` exited with")
                .contains("this is not C++"); // the compiler's words, among make's last lines
    }

    @Test
    void aFolderWithoutTheProgramSaysSo() {
        NativePrograms.Program program = NativePrograms.at(dir).build("pingpong");
        assertThat(program.isAvailable()).isFalse();
        assertThat(program.problem()).isNotBlank();
    }
}
