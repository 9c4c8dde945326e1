package mechsym.tools.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaCommandTest {
    @Test
    void theRequiredFlagsComeFirstThenTheCallersThenWhatRuns() {
        List<String> command = JavaCommand.main("a.jar:b", "x.Main")
                .flags("-Xmx64m")
                .args("one", "two")
                .build();

        assertThat(command.getFirst()).isEqualTo(JavaCommand.executable()).endsWith("/bin/java");
        assertThat(command.subList(1, 1 + JvmFlags.REQUIRED.size())).isEqualTo(JvmFlags.REQUIRED);
        assertThat(command.subList(1 + JvmFlags.REQUIRED.size(), command.size()))
                .containsExactly("-Xmx64m", "-cp", "a.jar:b", "x.Main", "one", "two");
    }

    @Test
    void aJarRunsWithTheSameRequiredFlags() {
        List<String> command =
                JavaCommand.jar(Path.of("/x/jcstress.jar")).args("-t", "T").build();

        assertThat(command).containsSubsequence(JvmFlags.REQUIRED);
        assertThat(command.subList(command.size() - 4, command.size()))
                .containsExactly("-jar", "/x/jcstress.jar", "-t", "T");
    }

    @Test
    void theExecutableIsThisJvmsNotThePathsDefault() {
        assertThat(JavaCommand.executable())
                .isEqualTo(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
